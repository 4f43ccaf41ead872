// The session cookie: a copy of the session token that a page opened right after sign-in reads when Chromium
// has not yet shown it the sign-in's write to local storage. Set with each answer that signs someone in, and
// taken away when that session ends on this browser's request.
import type { TestApp } from '../../helpers';
import { login, withAuthApp, signUpVendor, type SignedUpVendor } from '../../factories';

const TOKEN_LIFETIME_SECONDS = 168 * 3600;

describe('the session cookie', () => {
  let t: TestApp;
  let vendor: SignedUpVendor;
  withAuthApp((app) => (t = app));
  beforeEach(async () => {
    vendor = await signUpVendor(t);
  });

  const logout = (token: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) } });

  it('comes with a sign-in: the token, readable by the page on every path, same-site only, for as long as the token lives', async () => {
    const response = await login(t, vendor.email, vendor.password);
    const { token } = response.json() as { token: string };
    expect(response.headers['set-cookie']).toBe(`stampwise_session=${token}; Path=/; Max-Age=${TOKEN_LIFETIME_SECONDS}; SameSite=Strict`);
  });

  it('is not a credential: a request with the cookie and no bearer header is refused', async () => {
    const { token } = (await login(t, vendor.email, vendor.password)).json() as { token: string };
    const response = await t.app.inject({ method: 'GET', url: `/api/vendor/${vendor.vendorId}`, headers: { cookie: `stampwise_session=${token}` } });
    expect(response.statusCode).toBe(401);
  });

  it("is cleared by signing out of its session, but not by a late logout of an older session (the app re-sends those at start)", async () => {
    const older = (await login(t, vendor.email, vendor.password)).json() as { token: string };
    const current = (await login(t, vendor.email, vendor.password)).json() as { token: string };

    const lateLogout = await logout(older.token, `stampwise_session=${current.token}`);
    expect(lateLogout.statusCode).toBe(204);
    expect(lateLogout.headers['set-cookie']).toBeUndefined();

    const signOut = await logout(current.token, `stampwise_session=${current.token}`);
    expect(signOut.statusCode).toBe(204);
    expect(signOut.headers['set-cookie']).toBe('stampwise_session=; Path=/; Max-Age=0; SameSite=Strict');
  });
});
