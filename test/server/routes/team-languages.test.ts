// The team's refusals and the invitation mail in the owner's page language (Accept-Language); English without it.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor, type TestVendor } from '../factories';

let t: TestApp;
let owner: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  owner = await createVendor(t, { company: 'Bean There' });
  t.mailer.sent.length = 0;
});

const invite = (email: string, role: string, acceptLanguage?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/team/${owner.id}/invitations`,
    headers: { ...owner.auth, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    payload: { email, role },
  });

describe('POST /api/team/:vendorId/invitations in the owner’s language', () => {
  it('from a French page, the invitation mail is in French, the role named in French', async () => {
    const email = `lea.${Date.now()}@example.test`;
    expect((await invite(email, 'manager', 'fr-FR,fr;q=0.9')).statusCode).toBe(201);
    const mail = t.mailer.last();
    expect(mail?.subject).toBe('Vous êtes invité(e) chez Bean There sur Stampwise');
    expect(mail?.text).toContain('rejoindre son équipe Stampwise en tant que gérant.');
    expect(mail?.text).toContain('Rejoindre l’équipe: ');
  });

  it('without Accept-Language the mail stays word for word in English', async () => {
    const email = `sam.${Date.now()}@example.test`;
    await invite(email, 'staff');
    const mail = t.mailer.last();
    expect(mail?.subject).toBe('You are invited to Bean There on Stampwise');
    expect(mail?.text).toContain('join their Stampwise team as a staff member.');
  });

  it('refuses a person already in the team in the page’s language (fr), and in English without it', async () => {
    const member = await addTeamMember(t, owner.id, 'staff');
    const french = await invite(member.email, 'staff', 'fr');
    expect(french.statusCode).toBe(409);
    expect(french.json().error).toBe('Cette personne fait déjà partie de votre équipe.');
    expect((await invite(member.email, 'staff')).json().error).toBe('This person is already in your team.');
  });

  it('the owner cannot be removed: said in Spanish to a Spanish page', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/team/${owner.id}/people/${owner.id}`, headers: { ...owner.auth, 'accept-language': 'es' } });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe('Un negocio siempre conserva a su dueño: no se puede quitar al dueño ni darle otro rol.');
  });
});
