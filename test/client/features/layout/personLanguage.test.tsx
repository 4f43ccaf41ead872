// Each person's language kept on the server: the app opens in it after signing in in any browser, and the
// profile menu's switch saves it for the person.
import { act, screen, waitFor, within } from '@testing-library/react';
import { switchLanguage } from '../../../../src/i18n/texts';
import { activityApi } from '../../../../src/features/activity/activityApi';
import { PAINT, renderNav, withFakeVendorApi } from './navBarSetup';

jest.setTimeout(60_000);

const api = withFakeVendorApi(null);
const me = (locale: string | null) => ({ vendorId: 'v1', personId: 'v1', role: 'owner', name: 'Ana', email: 'ana@corner.test', locale });

afterEach(async () => {
  localStorage.removeItem('stampwise.language');
  await act(() => switchLanguage('en', 'app'));
});

describe("the signed-in person's language", () => {
  test('a person who saved German sees the app in German after signing in from a browser in English', async () => {
    api.fakeApi.on('GET /api/auth/me', { status: 200, body: me('de') });
    renderNav();
    expect(await screen.findByRole('button', { name: /Kontomenü: Corner Café/ }, PAINT)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
  });

  test('choosing Français in the profile menu saves French for the person (PATCH /api/auth/me)', async () => {
    api.fakeApi.on('GET /api/auth/me', { status: 200, body: me(null) });
    api.fakeApi.on('PATCH /api/auth/me', { status: 200, body: me('fr') });
    const { user } = renderNav();
    await user.click(await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Français' }));
    await waitFor(() => expect(api.fakeApi.sent('PATCH /api/auth/me')).toHaveLength(1));
    expect(JSON.parse(String(api.fakeApi.sent('PATCH /api/auth/me')[0].body))).toEqual({ locale: 'fr' });
    expect(await screen.findByRole('button', { name: /Corner Café/ }, PAINT)).toHaveAccessibleName(/^Menu du compte/);
  });

  test('after switching to Deutsch the dashboard is asked again in German, so its customer names read German', async () => {
    api.fakeApi.on('GET /api/auth/me', { status: 200, body: me(null) });
    api.fakeApi.on('PATCH /api/auth/me', { status: 200, body: me('de') });
    api.fakeApi.on('GET /api/dashboard/v1', { status: 404, body: { error: 'not in this test' } });
    const { user, store } = renderNav();
    const dashboard = store.dispatch(activityApi.endpoints.getDashboard.initiate('v1'));
    await user.click(await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT));
    await waitFor(() => expect(api.fakeApi.sent('GET /api/dashboard/v1')).toHaveLength(1));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(api.fakeApi.sent('GET /api/dashboard/v1')).toHaveLength(2));
    expect(api.fakeApi.sent('GET /api/dashboard/v1')[1].headers.get('Accept-Language')).toBe('de');
    dashboard.unsubscribe();
  });

  test('a person who never chose keeps the browser’s language, and nothing is saved for them', async () => {
    api.fakeApi.on('GET /api/auth/me', { status: 200, body: me(null) });
    renderNav();
    expect(await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT)).toBeInTheDocument();
    await waitFor(() => expect(api.fakeApi.sent('GET /api/auth/me')).toHaveLength(1));
    expect(api.fakeApi.sent('PATCH /api/auth/me')).toHaveLength(0);
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });
});
