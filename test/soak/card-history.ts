// What the soak did to a wallet, kept so that a card that no longer adds up from its rows can be explained:
// each write a wallet's phone sent (and each void and hand-over at a store) with when it was sent, when it was
// answered and the answer. A broken card's report names its wallet, the merges into it and, for each merge,
// what ran at the same time on the wallet it merged, on the card's own wallet and at its store: the race that
// left the card short is among those lines.
import crypto from 'node:crypto';

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

/** A query on the deployment's database (`$1` … for parameters), as the soak's checks run them. */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** What the soak knows of a wallet it followed. */
export interface FollowedWallet {
  label: number;
  email?: string;
  credential?: string;
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

/** A card that does not add up, with its rows and what the soak did to its wallet, as lines of the soak's report. */
export async function cardHistory(query: Query, wallets: Iterable<FollowedWallet>, journal: readonly JournalEntry[], card: CardFigures): Promise<string[]> {
  const [voided] = await query<{ n: number }>('SELECT COUNT(*) AS n FROM stamp_events WHERE card_id = $1 AND voided_at IS NOT NULL', [card.id]);
  const claims = await query<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM redemptions WHERE card_id = $1 GROUP BY status ORDER BY status', [card.id]);
  const [owner] = await query<{ email: string | null }>('SELECT email FROM customers WHERE id = $1', [card.customerId]);
  const credentials = await query<{ credential_hash: string }>('SELECT credential_hash FROM customer_credentials WHERE customer_id = $1', [card.customerId]);
  const hashes = new Set(credentials.map((c) => c.credential_hash));
  const hashOf = (credential: string) => crypto.createHash('sha256').update(credential, 'utf8').digest('hex');
  // The wallet by its e-mail (the wallets others merge into), or by a credential it still holds.
  const wallet = [...wallets].find((w) => (owner?.email != null && w.email === owner.email) || (w.credential !== undefined && hashes.has(hashOf(w.credential))));
  const rows: CardRows = { voided: Number(voided?.n ?? 0), claims: Object.fromEntries(claims.map((c) => [c.status, Number(c.n)])), wallet: wallet?.label, email: owner?.email };
  return cardHistoryLines(card, rows, journal);
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
