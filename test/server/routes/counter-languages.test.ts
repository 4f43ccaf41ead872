// Counter screens' refusals in the page's language (Accept-Language), English without it.
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor } from '../factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const pair = (pairingCode: string, acceptLanguage?: string) =>
  t.app.inject({ method: 'POST', url: '/api/counter/pair', payload: { pairingCode, name: 'Caja 1' }, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

describe('POST /api/counter/pair with a wrong code', () => {
  it('says so in Spanish to a Spanish screen, and in English without Accept-Language', async () => {
    const spanish = await pair('ABCDEFGH', 'es-ES');
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json().error).toBe('Este código de vinculación no es válido o ha caducado. Pide uno nuevo en Pantallas de mostrador.');
    expect((await pair('ABCDEFGH')).json().error).toBe('This pairing code is not valid or has expired. Ask for a new one in Counter screens.');
  });

  it('renaming a screen the store does not have: “not found” in German', async () => {
    const store = await createVendor(t);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/${store.id}/devices/no-such-screen`,
      headers: { ...store.auth, 'accept-language': 'de' },
      payload: { name: 'Kasse' },
    });
    expect(renamed.statusCode).toBe(404);
    expect(renamed.json().error).toBe('Diesen Thekenbildschirm gibt es nicht.');
  });
});
