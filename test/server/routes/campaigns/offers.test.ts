// Offers: a running discount, exclusive or limited-time campaign shows on the card of each customer it is
// meant for (GET /api/customer/cards/:id) and on the counter screen (GET /api/campaigns/:vendorId/offers).
import type { CampaignInput, CampaignOffers } from '../../../../src/api/contract/campaigns';
import type { CardResponse, WalletResponse } from '../../../../src/api/contract/customer';
import { isHeldOut } from '../../../../server/services/campaign-split';
import { buildTestApp, type TestApp } from '../../helpers';
import { addTeamMember, asCustomer, campaignInput, createStore, customerIdOfCredential, DAY, HOUR, launchCampaign, newCustomer, setReward, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Offer Oven' });
  await setReward(t, store.id, { stamps: 8, item: 'Cortado' });
});

afterEach(async () => {
  await t.close();
});

function launch(overrides: Partial<CampaignInput> = {}): Promise<string> {
  const now = t.clock.now();
  return launchCampaign(t, store, campaignInput(t, {
    campaignTitle: 'Half-price pastries',
    campaignDescription: 'Any pastry at half price with a coffee.',
    startDateTime: new Date(now + HOUR).toISOString(),
    endDateTime: new Date(now + HOUR + 3 * DAY).toISOString(),
    itemsToPromote: ['Croissant', 'Pain au chocolat'],
    ...overrides,
  }));
}

async function cardOf(credential: string): Promise<CardResponse> {
  const wallet = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json<WalletResponse>();
  return (await t.app.inject({ method: 'GET', url: `/api/customer/cards/${wallet.cards[0].id}`, headers: asCustomer(credential) })).json<CardResponse>();
}

const counterOffers = async (auth: Record<string, string>) => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${store.id}/offers`, headers: auth })).json<CampaignOffers>().offers;

describe('campaign offers', () => {
  it("show on the customer's card and the counter screen only while the campaign runs", async () => {
    const credential = await newCustomer(t, store.id);
    const id = await launch();
    expect((await cardOf(credential)).offers).toBeUndefined();
    expect(await counterOffers(store.auth)).toEqual([]);

    t.clock.advance(2 * HOUR);
    const offer = { id, type: 'discount', title: 'Half-price pastries', description: 'Any pastry at half price with a coffee.', items: ['Croissant', 'Pain au chocolat'], endsAt: new Date(t.clock.now() - HOUR + 3 * DAY).toISOString() };
    expect((await cardOf(credential)).offers).toEqual([offer]);
    const staff = await addTeamMember(t, store.id, 'staff');
    expect(await counterOffers(staff.auth)).toEqual([offer]);

    t.clock.advance(3 * DAY);
    expect((await cardOf(credential)).offers).toBeUndefined();
    expect(await counterOffers(store.auth)).toEqual([]);
  });

  it('are not shown for bonus-stamps campaigns, nor to customers outside the audience or held out', async () => {
    const regular = await newCustomer(t, store.id);
    await launch({ promotionType: 'bonus-stamps', budget: 10 });
    const weekly = await launch({ targetAudience: 'weekly' });
    const split = await launch({ abTesting: true, promotionType: 'exclusive-offer', campaignTitle: 'Members only' });
    t.clock.advance(2 * HOUR);
    const customerId = await customerIdOfCredential(t, regular);
    const shown = ((await cardOf(regular)).offers ?? []).map((offer) => offer.id);
    // One stamp before the start: not a weekly visitor.
    expect(shown).not.toContain(weekly);
    expect(shown.includes(split)).toBe(!isHeldOut(split, customerId));
    expect((await counterOffers(store.auth)).map((offer) => offer.type).sort()).toEqual(['discount', 'exclusive-offer']);
  });
});
