// Test data for the hand-over suites: a store with a 3-stamp reward, customers with full cards who
// claim through the real API, and helpers that call the counter's endpoints.
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../../../server/config';
import type { TestApp } from '../helpers';
import { asCustomer, buildCustomerTestApp, createStore, dynamicToken, freshCustomerAddress, scan, setReward, type TestStore } from '../customer/factories';

export const MINUTE = 60 * 1000;
export const REWARD_STAMPS = 3;

/** Without a cooldown, so a test can fill a card in a few scans. */
export function buildHandoverTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  return buildCustomerTestApp({ stampCooldownMinutes: 0, ...config });
}

export async function rewardStore(t: TestApp, company = 'Counter Café'): Promise<TestStore> {
  const store = await createStore(t, { company });
  await setReward(t, store.id, { stamps: REWARD_STAMPS, item: 'Flat White' });
  return store;
}

export interface Claimant {
  credential: string;
  cardId: string;
}

/** A new customer with `stamps` stamps on their card at the store. */
export async function customerWithStamps(t: TestApp, vendorId: string, stamps = REWARD_STAMPS): Promise<Claimant> {
  const address = freshCustomerAddress();
  let credential: string | undefined;
  let cardId = '';
  for (let i = 0; i < stamps; i += 1) {
    t.clock.advance(1000);
    const response = await scan(t, dynamicToken(t, vendorId), { credential, remoteAddress: address });
    if (response.statusCode !== 200) throw new Error(`scan answered ${response.statusCode}: ${response.body}`);
    credential ??= response.json().credential as string;
    cardId = response.json().card.id as string;
  }
  if (!credential) throw new Error('no credential');
  return { credential, cardId };
}

export function claim(t: TestApp, who: Claimant): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/customer/cards/${who.cardId}/claim`, headers: asCustomer(who.credential), remoteAddress: freshCustomerAddress() });
}

/** A customer who filled a card and claimed it: answers the claim (id and code). */
export async function pendingClaim(t: TestApp, vendorId: string): Promise<Claimant & { claimId: string; code: string }> {
  const who = await customerWithStamps(t, vendorId);
  const response = await claim(t, who);
  if (response.statusCode !== 200) throw new Error(`claim answered ${response.statusCode}: ${response.body}`);
  const redemption = response.json().redemption as { id: string; code: string };
  return { ...who, claimId: redemption.id, code: redemption.code };
}

export function handOver(t: TestApp, store: Pick<TestStore, 'id' | 'auth'>, claimId: string, screen = 'feed', vendorId = store.id): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/handover/${vendorId}/claims/${claimId}`, headers: store.auth, payload: { screen } });
}

export function handOverByCode(t: TestApp, store: Pick<TestStore, 'id' | 'auth'>, code: string, screen = 'counter'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/code`, headers: store.auth, payload: { code, screen } });
}

export function claimStatus(t: TestApp, credential: string, claimId: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/customer/claims/${claimId}`, headers: asCustomer(credential) });
}
