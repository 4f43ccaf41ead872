// POST /api/customer/scan answers its sentences in the language of the customer's page (Accept-Language).
import type { TestApp } from '../../helpers';
import { buildCustomerTestApp, createStore, dynamicToken, setReward, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

beforeAll(async () => {
  t = await buildCustomerTestApp();
  store = await createStore(t, { company: 'Bean There Café' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
});
afterAll(async () => {
  await t.close();
});

const scanIn = (token: string, acceptLanguage: string | undefined, credential?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customer/scan',
    payload: { token },
    headers: { ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}), ...(credential ? { 'x-customer-key': credential } : {}) },
  });

describe('POST /api/customer/scan in the page’s language', () => {
  it('a French phone reads the stamp and the cooldown refusal in French; without Accept-Language, in English', async () => {
    const first = await scanIn(dynamicToken(t, store.id), 'fr-FR,fr;q=0.9');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Tampon collecté\u00a0! Encore 9 avant votre récompense\u00a0: Flat White');
    const credential = first.json().credential as string;

    const again = await scanIn(dynamicToken(t, store.id), 'fr', credential);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'cooldown', error: 'Vous avez déjà collecté un tampon ici ces 10 dernières minutes' });
    expect((await scanIn(dynamicToken(t, store.id), undefined, credential)).json().error).toBe('You already collected a stamp here in the last 10 minutes');
  });

  it('names the reward without an article or ending that would have to agree with it: right for a feminine item too', async () => {
    const bakery = await createStore(t, { company: 'Boulangerie des Pentes' });
    await setReward(t, bakery.id, { stamps: 2, itemCustom: 'Brioche' });
    const expected: Array<[string, string, string]> = [
      // [language, a stamp with one to go, the stamp that fills the card]
      ['fr', 'Tampon collecté\u00a0! Encore 1 avant votre récompense\u00a0: Brioche', 'Votre carte est pleine — réclamez votre récompense\u00a0: Brioche\u00a0!'],
      ['de', 'Stempel gesammelt! Noch 1 bis zu deiner Prämie: Brioche', 'Deine Karte ist voll – hol dir deine Prämie: Brioche!'],
      ['es', '¡Sello conseguido! Te falta 1 para tu Brioche gratis', 'Tu tarjeta está completa: ¡pide tu Brioche gratis!'],
    ];
    for (const [language, oneToGo, full] of expected) {
      const first = await scanIn(dynamicToken(t, bakery.id), language);
      expect(first.json().message).toBe(oneToGo);
      t.clock.advance(24 * 60 * 60 * 1000);
      const second = await scanIn(dynamicToken(t, bakery.id), language, first.json().credential as string);
      expect(second.json().message).toBe(full);
    }
  });

  it('a code that is not a Stampwise code is refused in Spanish to a Spanish phone', async () => {
    const refused = await scanIn('not-a-code', 'es-ES');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'malformed', error: 'Este código no es un código válido de Stampwise: vuelve a escanear el código del mostrador' });
  });
});
