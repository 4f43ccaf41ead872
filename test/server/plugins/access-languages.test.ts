// A refused role is told why in the page's language (Accept-Language), in English without it.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor } from '../factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a role refused by the access check', () => {
  it('a staff member opening the customers list (managers and up) reads the refusal in French, or in English', async () => {
    const store = await createVendor(t);
    const staff = await addTeamMember(t, store.id, 'staff');
    const french = await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}`, headers: { ...staff.auth, 'accept-language': 'fr-CA,fr;q=0.8' } });
    expect(french.statusCode).toBe(403);
    expect(french.json().error).toBe('Votre rôle dans ce commerce ne le permet pas. Demandez au propriétaire.');
    const english = await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}`, headers: staff.auth });
    expect(english.json().error).toBe('Your role in this store does not allow this. Ask the owner.');
  });
});
