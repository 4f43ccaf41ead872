// Claims and hand-overs refused in the page's language (Accept-Language); English without it.
import type { TestApp } from '../helpers';
import { asCustomer, buildHandoverTestApp, customerWithStamps, freshCustomerAddress, pendingClaim, rewardStore, type TestStore } from '../factories';

let t: TestApp;
let store: TestStore;

beforeAll(async () => {
  t = await buildHandoverTestApp();
  store = await rewardStore(t);
});
afterAll(async () => {
  await t.close();
});

describe('claims and hand-overs in the page’s language', () => {
  it('a code no claim shows is refused in French at a French counter, in English otherwise', async () => {
    const other = await rewardStore(t, 'Other Café');
    const { code } = await pendingClaim(t, other.id);
    const byCode = (acceptLanguage?: string) =>
      t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/code`, headers: { ...store.auth, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) }, payload: { code, screen: 'counter' } });
    const french = await byCode('fr');
    expect(french.statusCode).toBe(404);
    expect(french.json().error).toBe(`Aucune récompense n’attend avec le code ${code}. Vérifiez le code sur l’écran du client.`);
    expect((await byCode()).json().error).toBe(`No reward is waiting with the code ${code}. Check the code on the customer's screen.`);
  });

  it('a German counter hands over by code or from the feed and reads the customer named in German (the toast says it)', async () => {
    const german = { ...store.auth, 'accept-language': 'de' };
    const byCode = await pendingClaim(t, store.id);
    const handed = await t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/code`, headers: german, payload: { code: byCode.code, screen: 'counter' } });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().item.customer).toMatch(/^Kunde Nr\. \d+$/);
    const fromFeed = await pendingClaim(t, store.id);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/claims/${fromFeed.claimId}`, headers: german, payload: { screen: 'feed' } });
    expect(confirmed.json().item.customer).toMatch(/^Kunde Nr\. \d+$/);
  });

  it('claiming a card that is not full yet is refused in German to a German phone', async () => {
    const who = await customerWithStamps(t, store.id, 1);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/customer/cards/${who.cardId}/claim`,
      headers: { ...asCustomer(who.credential), 'accept-language': 'de-DE' },
      remoteAddress: freshCustomerAddress(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Diese Karte ist noch nicht voll: noch \d+ Stempel\.$/);
  });
});
