// What the soak did to a wallet, kept so that a card that no longer adds up from its rows can be explained:
// each write a wallet's phone sent (and each void and hand-over at a store) with when it was sent, when it was
// answered and the answer. A broken card's report names its wallet, the merges into it and, for each merge,
// what ran at the same time on the wallet it merged, on the card's own wallet and at its store: the race that
// left the card short is among those lines.

export interface JournalEntry {
  op: string;
  /** The soak's number of the wallet the request was sent for (0: a store's request). */
  wallet: number;
  /** A merge: the number of the wallet it recovered. */
  into?: number;
  store?: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** A merge's summary as answered, a claim's id. */
  detail?: string;
}

/** A card's figures as the invariant query read them. */
export interface CardFigures {
  id: string;
  customerId: string;
  vendorId: string;
  stamps: number;
  live: number;
  held: number;
  withdrawn: number;
}

/** What the database says of the card beyond the invariant's figures. */
export interface CardRows {
  voided: number;
  claims: Record<string, number>;
  /** The soak's number of the card's wallet, when the soak knows it. */
  wallet?: number;
  email?: string | null;
}

/** Merges printed per broken card (those with something running beside them first). */
const MERGES_SHOWN = 6;
/** Requests printed beside one merge. */
const OVERLAPS_SHOWN = 8;

const clock = (at: number) => new Date(at).toISOString().slice(11, 23);
const span = (e: JournalEntry) => `${clock(e.startedAt)}–${clock(e.endedAt)}`;
const overlaps = (a: JournalEntry, b: JournalEntry) => a !== b && a.startedAt <= b.endedAt && a.endedAt >= b.startedAt;

function describe(e: JournalEntry): string {
  const who = e.wallet === 0 ? `store ${e.store?.slice(0, 8) ?? '?'}` : `wallet #${e.wallet}`;
  const into = e.into === undefined ? '' : ` into #${e.into}`;
  const detail = e.detail ? ` ${e.detail}` : '';
  return `${e.op} by ${who}${into} ${span(e)} → ${e.status}${detail}`;
}

/** The lines that explain one broken card: its rows, then the merges into its wallet with what ran beside each. */
export function cardHistoryLines(card: CardFigures, rows: CardRows, journal: readonly JournalEntry[]): string[] {
  const claims = Object.entries(rows.claims).map(([status, n]) => `${n} ${status}`).join(', ') || 'none';
  const wallet = rows.wallet === undefined ? `customer ${card.customerId} (a wallet the soak did not follow)` : `wallet #${rows.wallet}${rows.email ? ` (${rows.email})` : ''}, customer ${card.customerId}`;
  const lines = [`card ${card.id} of ${wallet} at store ${card.vendorId}: ${card.live} live and ${rows.voided} voided stamp rows; claims: ${claims}`];
  if (rows.wallet === undefined) return lines;
  const merges = journal.filter((e) => e.op === 'merge' && e.into === rows.wallet && e.status === 200);
  if (merges.length === 0) lines.push('  no merge into this wallet answered 200');
  const beside = (merge: JournalEntry) =>
    journal.filter((e) => overlaps(e, merge) && (e.wallet === merge.wallet || e.wallet === rows.wallet || (e.wallet === 0 && e.store === card.vendorId)));
  const ranked = merges.map((merge) => ({ merge, beside: beside(merge) })).sort((a, b) => b.beside.length - a.beside.length || a.merge.startedAt - b.merge.startedAt);
  for (const { merge, beside: others } of ranked.slice(0, MERGES_SHOWN)) {
    lines.push(`  ${describe(merge)}`);
    for (const other of others.slice(0, OVERLAPS_SHOWN)) lines.push(`    meanwhile: ${describe(other)}`);
    if (others.length > OVERLAPS_SHOWN) lines.push(`    meanwhile: ${others.length - OVERLAPS_SHOWN} more`);
  }
  if (ranked.length > MERGES_SHOWN) lines.push(`  ${ranked.length - MERGES_SHOWN} more merges into this wallet, with as many requests beside them or fewer`);
  return lines;
}
