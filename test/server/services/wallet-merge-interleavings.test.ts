// A wallet merge (a phone recovers a wallet with an e-mail and brings its anonymous wallet along) against
// every other write that reaches either wallet's cards: scans of both wallets (the recovered wallet's first
// at a store whose card the merge moves over), claims of both cards, the hand-over and the expiry of the
// phone's claim, voids of a code both wallets scanned and of one only the phone scanned, a stamp removed
// by staff, the deletion of either wallet, and another phone's merge into the same wallet.
//
// On PostgreSQL (READ COMMITTED, transactions overlap) each pair is run once for every statement of one of
// them: that one stops after its k-th statement (inside its transaction, nothing committed), the other runs
// until it finishes or waits for a row lock, then the first goes on. On SQLite write transactions run one at
// a time, so each pair runs in both orders. Either way, afterwards every card adds up from its rows as the
// soak checks it (stamps = live stamp rows − stamps its claims hold + spent stamps withdrawn), a deleted
// wallet's cards hold nothing, and the store's running counts equal a recount of its rows; every answer is a
// success or a clean refusal (never a 5xx), and on PostgreSQL no transaction is given up as a deadlock victim.
// Its hundreds of interleavings on PostgreSQL take 6–12 minutes on a busy 2-core machine: a heavy suite
// (`DATABASE_URL=… npx jest test/server/services/wallet-merge-interleavings.test.ts --selectProjects heavy`).
import crypto from 'node:crypto';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import type { AppDeps } from '../../../server/deps';
import type { Database } from '../../../server/db/schema';
import { claimCard } from '../../../server/services/claims';
import { completeRecovery, credentialHashOf, hashSecret } from '../../../server/services/customers';
import { confirmHandover, expireOverdueClaims } from '../../../server/services/handover';
import { voidCode } from '../../../server/services/relay/review';
import { removeStamp } from '../../../server/services/stamp-removal';
import { scan } from '../../../server/services/stamping';
import { deleteWallet } from '../../../server/services/wallet-deletion';
import { insertRecoveryToken } from '../../../server/repositories/customers';
import { storeCounterTotal } from '../../../server/repositories/store-counters';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';
import { notingConflicts } from '../interleaving';
import { createStore, dynamicToken, freshCustomerAddress, scan as scanOverHttp, setReward } from '../factories';

// One write's interleavings take 20–130 s on a busy 2-core machine.
jest.setTimeout(600_000);

const REWARD_STAMPS = 3;
const CLAIM_EXPIRY_MS = 31 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
});

afterAll(async () => {
  await t.close();
});

interface Wallet {
  id: string;
  credential: string;
  address: string;
  cardId: string;
}

/** Two wallets at one store, the phone's with a claim waiting at the counter, and a third phone's. */
interface Scene {
  storeId: string;
  /** A store only the phone's wallet has a card at (the merge moves that card over as it is). */
  phoneOnlyStoreId: string;
  /** The wallet with an e-mail that the phones recover (3 stamps of its own and the shared code's). */
  recovered: Wallet;
  /** The phone's anonymous wallet (a pending claim, then 3 stamps and the shared code's). */
  phone: Wallet;
  /** Another phone's anonymous wallet, 2 stamps, merging into the recovered wallet too. */
  other: Wallet;
  phoneClaimId: string;
  /** One of the phone's own stamps (not the shared code's). */
  phoneStampId: string;
  /** The code both wallets scanned, flagged by relay detection (the merge drops the phone's stamp of it). */
  sharedCode: string;
  /** The code of the phone's stamp `phoneStampId`, flagged too (the merge moves that stamp over). */
  phoneCode: string;
  recoveryToken: string;
  otherRecoveryToken: string;
}

async function stampedWallet(storeId: string, scans: number, shared?: string): Promise<Wallet> {
  const address = freshCustomerAddress();
  let credential: string | undefined;
  let cardId = '';
  for (const token of [...Array.from({ length: scans }, () => dynamicToken(t, storeId)), ...(shared ? [shared] : [])]) {
    t.clock.advance(1000);
    const response = await scanOverHttp(t, token, { credential, remoteAddress: address });
    if (response.statusCode !== 200) throw new Error(`scan answered ${response.statusCode}: ${response.body}`);
    credential ??= response.json().credential as string;
    cardId = response.json().card.id as string;
  }
  if (!credential) throw new Error('no credential');
  const row = await t.db.kysely.selectFrom('customer_credentials').select('customer_id').where('credential_hash', '=', credentialHashOf(credential) ?? '').executeTakeFirstOrThrow();
  return { id: row.customer_id, credential, address, cardId };
}

async function recoveryTokenFor(customerId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await insertRecoveryToken(t.db.kysely, hashSecret(token), customerId, null, null, t.clock.now() + 24 * 60 * 60 * 1000, t.clock.now());
  return token;
}

async function scene(): Promise<Scene> {
  const store = await createStore(t, { company: 'Interleaving Coffee' });
  await setReward(t, store.id, { stamps: REWARD_STAMPS, itemCustom: 'Flat White' });
  const sharedToken = dynamicToken(t, store.id);
  const recovered = await stampedWallet(store.id, 3, sharedToken);
  const phone = await stampedWallet(store.id, 3);
  const claimed = await claimCard(t.deps, phone.id, phone.cardId);
  // The claim has spent all three: the phone's next stamps and the shared code's are on the card.
  const more = await stampedWalletScans(phone, store.id, 3, sharedToken);
  const other = await stampedWallet(store.id, 2);
  const phoneOnly = await createStore(t, { company: 'Phone Only Coffee' });
  await setReward(t, phoneOnly.id, { stamps: REWARD_STAMPS, itemCustom: 'Tea' });
  t.clock.advance(1000);
  const first = await scanOverHttp(t, dynamicToken(t, phoneOnly.id), { credential: phone.credential, remoteAddress: phone.address });
  if (first.statusCode !== 200) throw new Error(`scan answered ${first.statusCode}: ${first.body}`);
  const [ownStamp] = await t.db.kysely.selectFrom('stamp_events').select(['id', 'code_key']).where('card_id', '=', phone.cardId).where('token_id', '!=', more.sharedTokenId).orderBy('created_at', 'desc').limit(1).execute();
  const [shared] = await t.db.kysely.selectFrom('stamp_events').select('code_key').where('card_id', '=', phone.cardId).where('token_id', '=', more.sharedTokenId).execute();
  const sharedCode = shared.code_key ?? '';
  const phoneCode = ownStamp.code_key ?? '';
  await t.db.kysely.updateTable('code_usage').set({ flagged_at: t.clock.now(), flag_reason: 'networks' }).where('code_key', 'in', [sharedCode, phoneCode]).execute();
  t.clock.advance(1000);
  return {
    storeId: store.id,
    phoneOnlyStoreId: phoneOnly.id,
    recovered,
    phone,
    other,
    phoneClaimId: claimed.redemption.id,
    phoneStampId: ownStamp.id,
    sharedCode,
    phoneCode,
    recoveryToken: await recoveryTokenFor(recovered.id),
    otherRecoveryToken: await recoveryTokenFor(recovered.id),
  };
}

/** More scans on a wallet's card: `scans` fresh codes, then `shared`; answers the shared code's token id. */
async function stampedWalletScans(wallet: Wallet, storeId: string, scans: number, shared: string): Promise<{ sharedTokenId: string }> {
  for (const token of [...Array.from({ length: scans }, () => dynamicToken(t, storeId)), shared]) {
    t.clock.advance(1000);
    const response = await scanOverHttp(t, token, { credential: wallet.credential, remoteAddress: wallet.address });
    if (response.statusCode !== 200) throw new Error(`scan answered ${response.statusCode}: ${response.body}`);
  }
  const verified = t.deps.qrTokens.verify(shared);
  if (!verified.ok) throw new Error('the shared code does not verify');
  return { sharedTokenId: verified.token.tokenId };
}

type Deps = AppDeps;

const merge = (deps: Deps, s: Scene) => completeRecovery(deps, s.recoveryToken, s.phone.credential, true);

/** The writes a merge meets, each as the customer's phone or the store's screen sends it. */
const OPERATIONS: Array<[name: string, run: (deps: Deps, s: Scene) => Promise<unknown>]> = [
  ['a scan by the phone', (deps, s) => scan(deps, { token: dynamicToken(t, s.storeId), credential: s.phone.credential, clientAddress: s.phone.address, mayCreateCustomer: async () => true })],
  ['a scan by the recovered wallet', (deps, s) => scan(deps, { token: dynamicToken(t, s.storeId), credential: s.recovered.credential, clientAddress: s.recovered.address, mayCreateCustomer: async () => true })],
  ["the recovered wallet's first scan at a store only the phone has a card at", (deps, s) => scan(deps, { token: dynamicToken(t, s.phoneOnlyStoreId), credential: s.recovered.credential, clientAddress: s.recovered.address, mayCreateCustomer: async () => true })],
  ["a claim of the phone's card", (deps, s) => claimCard(deps, s.phone.id, s.phone.cardId)],
  ['a claim of the recovered card', (deps, s) => claimCard(deps, s.recovered.id, s.recovered.cardId)],
  ["the hand-over of the phone's claim", (deps, s) => confirmHandover(deps, s.storeId, s.phoneClaimId, 'feed')],
  ["the expiry of the phone's claim", (deps, s) => expireOverdueClaims({ ...deps, now: () => t.clock.now() + CLAIM_EXPIRY_MS }, { id: s.phoneClaimId })],
  ['a void of the code both wallets scanned', (deps, s) => voidCode(deps, s.storeId, s.sharedCode, null)],
  ['a void of a code only the phone scanned', (deps, s) => voidCode(deps, s.storeId, s.phoneCode, null)],
  ["staff removing one of the phone's stamps", (deps, s) => removeStamp(deps, s.storeId, s.phoneStampId, 'Scanned twice by mistake', null)],
  ["the deletion of the phone's wallet", (deps, s) => deleteWallet(deps, s.phone.id)],
  ['the deletion of the recovered wallet', (deps, s) => deleteWallet(deps, s.recovered.id)],
  ["another phone's merge into the recovered wallet", (deps, s) => completeRecovery(deps, s.otherRecoveryToken, s.other.credential, true)],
];

/** Every figure of the scene's stores that does not add up from their rows, in words. */
async function brokenFigures(s: Scene): Promise<string[]> {
  const elsewhere = (await brokenFiguresAt(s, s.phoneOnlyStoreId)).map((line) => `at the store only the phone had a card at, ${line}`);
  return [...(await brokenFiguresAt(s, s.storeId)), ...elsewhere];
}

async function brokenFiguresAt(s: Scene, storeId: string): Promise<string[]> {
  const db = t.db.kysely;
  const broken: string[] = [];
  const cards = await db
    .selectFrom('stamp_cards as c')
    .innerJoin('customers as u', 'u.id', 'c.customer_id')
    .select(['c.id', 'c.customer_id', 'c.stamps', 'c.claimed_stamps_withdrawn', 'u.deleted_at'])
    .select((eb) => [
      eb.selectFrom('stamp_events as e').select((e) => e.fn.countAll<number>().as('n')).whereRef('e.card_id', '=', 'c.id').where('e.voided_at', 'is', null).as('live'),
      eb.selectFrom('redemptions as r').select((r) => r.fn.coalesce(r.fn.sum<number>('r.stamps_required'), sql<number>`0`).as('n')).whereRef('r.card_id', '=', 'c.id').where('r.status', 'in', ['pending', 'given']).as('held'),
    ])
    .where('c.vendor_id', '=', storeId)
    .execute();
  const whose = (customerId: string) => (customerId === s.recovered.id ? 'the recovered' : customerId === s.phone.id ? "the phone's" : customerId === s.other.id ? "the other phone's" : 'a');
  for (const card of cards) {
    if (card.deleted_at !== null) {
      if (Number(card.stamps) !== 0) broken.push(`${whose(card.customer_id)} deleted wallet's card holds ${card.stamps} stamps`);
      continue;
    }
    const fromRows = Number(card.live) - Number(card.held) + Number(card.claimed_stamps_withdrawn);
    if (Number(card.stamps) !== fromRows) {
      broken.push(`${whose(card.customer_id)} card: ${card.stamps} stamps, but ${card.live} live stamp rows minus ${card.held} held by claims plus ${card.claimed_stamps_withdrawn} withdrawn is ${fromRows}`);
    }
  }
  const live = await db.selectFrom('stamp_events').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', storeId).where('voided_at', 'is', null).executeTakeFirstOrThrow();
  const stampCount = await storeCounterTotal(db, storeId, 'stamps');
  if (stampCount !== Number(live.n)) broken.push(`the store counts ${stampCount} stamps, its rows say ${live.n}`);
  const claims = await db.selectFrom('redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', storeId).executeTakeFirstOrThrow();
  const claimCount = await storeCounterTotal(db, storeId, 'claims');
  if (claimCount !== Number(claims.n)) broken.push(`the store counts ${claimCount} claims, its rows say ${claims.n}`);
  return broken;
}

/** A database handle whose k-th statement (counting every statement run through it) stops once it has run, until resumed. */
function stoppingAfterStatement(db: Kysely<Database>, k: number) {
  let statements = 0;
  let reached!: () => void;
  let resume!: () => void;
  const atPause = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (resume = resolve));
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      statements += 1;
      if (statements === k) {
        reached();
        await released;
      }
      return args.result;
    },
  };
  return { handle: db.withPlugin(plugin), atPause, resume };
}

/** Resolves once a session of this database waits for a row lock, or once `done` settles. */
async function waitsForALockOr(db: Kysely<Database>, done: Promise<unknown>): Promise<void> {
  let settled = false;
  void done.finally(() => (settled = true));
  while (!settled) {
    const row = await db
      .selectFrom('pg_stat_activity' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('wait_event_type' as never, '=', 'Lock' as never)
      .where(sql<boolean>`datname = current_database()`)
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A promise that settles when `work` does and never rejects: refusals such as 401 or 409 are answers here;
 * anything else (a 5xx, an error that is no answer) is noted in `failures`.
 */
const settled = (work: Promise<unknown>, failures: string[] = []): Promise<void> =>
  work.then(
    () => undefined,
    (error: { statusCode?: number; message?: string }) => {
      if (error.statusCode === undefined || error.statusCode >= 500) failures.push(`${error.statusCode ?? 'no answer'}: ${error.message ?? String(error)}`);
    },
  );

/** PostgreSQL's words for a transaction it gave up: the error, who waited for what, and the statement. */
function conflictInWords(error: unknown): string {
  const { message, detail, where } = error as { message?: string; detail?: string; where?: string };
  return [message, detail, where].filter(Boolean).join(' | ');
}

/** What went wrong in one interleaving besides the figures: answers that were no clean refusal, deadlock victims. */
interface Trouble {
  failures: string[];
  conflicts: unknown[];
}

/**
 * `first` stops after its k-th statement, `second` runs until it finishes or waits for a lock, then `first`
 * goes on; answers false when `first` finished with fewer than k statements (nothing was interleaved).
 */
async function interleaved(k: number, first: (deps: Deps) => Promise<unknown>, second: (deps: Deps) => Promise<unknown>, trouble: Trouble): Promise<boolean> {
  const stopping = stoppingAfterStatement(t.db.kysely, k);
  const firstDone = settled(first({ ...t.deps, db: { ...t.db, kysely: notingConflicts(stopping.handle, trouble.conflicts) } }), trouble.failures);
  const stopped = await Promise.race([stopping.atPause.then(() => true), firstDone.then(() => false)]);
  if (!stopped) return false;
  const secondDone = settled(second({ ...t.deps, db: { ...t.db, kysely: notingConflicts(t.db.kysely, trouble.conflicts) } }), trouble.failures);
  await waitsForALockOr(t.db.kysely, secondDone);
  stopping.resume();
  await Promise.all([firstDone, secondDone]);
  return true;
}

(usingPostgres ? describe : describe.skip)('a wallet merge against every write that reaches its cards, at every statement (PostgreSQL)', () => {
  it.each(OPERATIONS)('%s: every card still adds up from its rows, whichever statement the two meet at', async (_name, operation) => {
    const broken: string[] = [];
    const note = (where: string, trouble: Trouble, figures: string[]) =>
      broken.push(
        ...[...figures, ...trouble.failures.map((f) => `answered ${f}`), ...trouble.conflicts.map((c) => `a transaction was given up: ${conflictInWords(c)}`)].map((line) => `${where}: ${line}`),
      );
    for (let k = 1; ; k += 1) {
      const s = await scene();
      const trouble: Trouble = { failures: [], conflicts: [] };
      const ran = await interleaved(k, (deps) => operation(deps, s), (deps) => merge(deps, s), trouble);
      note(`stopped after its statement ${k}, the merge ran`, trouble, await brokenFigures(s));
      if (!ran) break;
    }
    for (let k = 1; ; k += 1) {
      const s = await scene();
      const trouble: Trouble = { failures: [], conflicts: [] };
      const ran = await interleaved(k, (deps) => merge(deps, s), (deps) => operation(deps, s), trouble);
      note(`the merge stopped after its statement ${k}`, trouble, await brokenFigures(s));
      if (!ran) break;
    }
    expect(broken).toEqual([]);
  });
});

describe('a wallet merge against every write that reaches its cards, one after the other', () => {
  it.each(OPERATIONS)('%s before or after the merge: every card still adds up from its rows', async (_name, operation) => {
    const failures: string[] = [];
    const before = await scene();
    await settled(operation(t.deps, before), failures);
    await settled(merge(t.deps, before), failures);
    const after = await scene();
    await settled(merge(t.deps, after), failures);
    await settled(operation(t.deps, after), failures);
    expect({ before: await brokenFigures(before), after: await brokenFigures(after), failures }).toEqual({ before: [], after: [], failures: [] });
  });
});
