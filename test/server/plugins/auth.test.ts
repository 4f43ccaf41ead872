// A refused session token says why (the app tells the owner on the sign-in screen): it expired, Logout ended it,
// the password was changed since, or the account is gone. A forged token gets no reason.
import type { TestApp } from '../helpers';
import { login, signUpVendor, STRONG_PASSWORD, withAuthApp } from '../factories';

let t: TestApp;
withAuthApp((app) => {
  t = app;
});

const getVendor = (vendorId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/vendor/${vendorId}`, headers: { authorization: `Bearer ${token}` } });

describe('401 answers to a session token that has ended say why (reason)', () => {
  it('expired: the token is past its exp', async () => {
    const vendor = await signUpVendor(t);
    t.clock.advance(t.deps.config.sessionTtlHours * 3600 * 1000 + 1000);
    const response = await getVendor(vendor.vendorId, vendor.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Your session has expired. Please sign in again.', reason: 'expired' });
  });

  it('signed-out: Logout ended this session', async () => {
    const vendor = await signUpVendor(t);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${vendor.token}` } });
    expect(logout.statusCode).toBe(204);
    const response = await getVendor(vendor.vendorId, vendor.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Your session has ended. Please sign in again.', reason: 'signed-out' });
  });

  it('password-changed: the password was changed on another device since the token was issued', async () => {
    const vendor = await signUpVendor(t);
    const otherDevice = (await login(t, vendor.email, vendor.password)).json() as { token: string };
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${otherDevice.token}` },
      payload: { currentPassword: STRONG_PASSWORD, password: 'A brand new long passphrase, 2026' },
    });
    expect(changed.statusCode).toBe(200);
    const response = await getVendor(vendor.vendorId, vendor.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ reason: 'password-changed' });
  });

  it('account-closed: the account no longer exists', async () => {
    const vendor = await signUpVendor(t);
    await t.db.kysely.deleteFrom('vendors').where('id', '=', vendor.vendorId).execute();
    const response = await getVendor(vendor.vendorId, vendor.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ reason: 'account-closed' });
  });

  it('a forged or garbled token gets a 401 without a reason', async () => {
    const vendor = await signUpVendor(t);
    const [header, payload] = vendor.token.split('.');
    const response = await getVendor(vendor.vendorId, `${header}.${payload}.forged-signature`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('reason');
  });
});
