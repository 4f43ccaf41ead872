// The top navigation bar of the vendor pages: targets, highlight, profile menu, logout.
import { switchLanguage } from '../../../../src/i18n/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { NAV_ITEMS, isNavItemActive, navTarget } from '../../../../src/features/layout/navItems';
import { initials } from '../../../../src/lib/initials';
import { loggedOut, tokenSaved } from '../../../../src/features/session/sessionSlice';
import { fakeToken } from '../../render';
import { PAINT, renderNav, token, withFakeVendorApi, vendor } from './navBarSetup';

// antd in jsdom is slow on a busy machine; the waits are generous, the assertions are not.
jest.setTimeout(60_000);

const api = withFakeVendorApi('/images/logo-abc.png');

const navButton = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name });

describe('NavBar', () => {
  test('has the five page buttons, every one enabled, and the search box', () => {
    renderNav();
    for (const name of ['Dashboard', 'Rewards', 'QR Code', 'Campaigns', 'Help & Resources']) expect(navButton(name)).toBeEnabled();
    expect(screen.getByRole('search')).toContainElement(screen.getByLabelText('Search'));
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'Search for anything...');
  });

  test.each([
    ['Rewards', '/rewards/v1', 'Rewards page'],
    ['QR Code', '/qr-code/v1', 'QR page'],
    ['Campaigns', '/campaigns/v1', 'Campaigns page'],
    ['Help & Resources', '/help/v1', 'Help page'],
  ])('%s opens %s', async (name, path, heading) => {
    const { user, router } = renderNav();
    await user.click(navButton(name));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  test('Dashboard opens /dashboard/{vendorId}', async () => {
    const { user, router } = renderNav('/dashboard/v1');
    await user.click(navButton('Rewards'));
    await screen.findByRole('heading', { name: 'Rewards page' });
    await user.click(navButton('Dashboard'));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(router.state.location.pathname).toBe('/dashboard/v1');
  });

  test('the button of the current page is highlighted (aria-current), the others are not', async () => {
    const { user } = renderNav('/dashboard/v1');
    expect(navButton('Dashboard')).toHaveAttribute('aria-current', 'page');
    expect(navButton('Rewards')).not.toHaveAttribute('aria-current');
    await user.click(navButton('QR Code'));
    await screen.findByRole('heading', { name: 'QR page' });
    expect(navButton('QR Code')).toHaveAttribute('aria-current', 'page');
    expect(navButton('Dashboard')).not.toHaveAttribute('aria-current');
  });

  test('on the root path the Dashboard button is highlighted', () => {
    renderNav('/');
    expect(navButton('Dashboard')).toHaveAttribute('aria-current', 'page');
  });

  test('with an expired token the buttons go to /login', async () => {
    const { user, router, store } = renderNav();
    act(() => {
      store.dispatch(tokenSaved(fakeToken({ sub: 'v1', exp: Math.floor(Date.now() / 1000) - 1 })));
    });
    await user.click(navButton('Rewards'));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('without a token the buttons go to /login', async () => {
    const { user, router, store } = renderNav();
    act(() => {
      store.dispatch(loggedOut());
    });
    await user.click(navButton('Help & Resources'));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('what a staff member sees', () => {
  const staffToken = fakeToken({ sub: 'v1', exp: Math.floor(Date.now() / 1000) + 3600, role: 'staff' });

  test('no Rewards or Campaigns button: Dashboard, QR Code and Help only', () => {
    renderNav('/dashboard/v1', staffToken);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('button').map((button) => button.textContent)).toEqual(['Dashboard', 'QR Code', 'Help & Resources']);
  });

  test('the profile menu offers Account Settings and Logout, not Store Settings; Account Settings opens /account/{vendorId}', async () => {
    const { user, router } = renderNav('/dashboard/v1', staffToken);
    await user.click(await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Account Settings', 'Logout']);
    await user.click(within(menu).getByRole('menuitem', { name: /Account Settings/ }));
    expect(await screen.findByRole('heading', { name: 'Account Settings page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/v1');
  });
});

describe('profile menu', () => {
  test('shows the business name and logo from GET /api/vendor/{id}, asked with the bearer token', async () => {
    renderNav();
    expect(await screen.findByText('Corner Café', undefined, PAINT)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Corner Café logo' })).toHaveAttribute('src', '/images/logo-abc.png');
    const request = api.fakeApi.requests.find((sent) => sent.path === '/api/vendor/v1');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  test('the whole business name is the profile button\'s title, where the bar has to cut it', async () => {
    renderNav();
    const menuButton = await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT);
    expect(menuButton).toHaveAttribute('title', 'Corner Café');
  });

  test('without a logo shows the initials of the business', async () => {
    api.fakeApi.on('GET /api/vendor/v1', { status: 200, body: vendor(null) });
    renderNav();
    const menuButton = await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT);
    expect(within(menuButton).getByText('CC')).toBeInTheDocument();
    expect(within(menuButton).queryByRole('img', { name: /logo/ })).not.toBeInTheDocument();
  });

  test('the initials follow the dashboard avatars\' rule: the first letter of a word, not its bracket', async () => {
    const body = vendor(null);
    api.fakeApi.on('GET /api/vendor/v1', { status: 200, body: { ...body, vendor: { ...body.vendor, company: 'Kaffeehaus (Wien)' } } });
    renderNav();
    const menuButton = await screen.findByRole('button', { name: /Account menu: Kaffeehaus \(Wien\)/ }, PAINT);
    expect(within(menuButton).getByText('KW')).toBeInTheDocument();
    expect(initials('Kaffeehaus (Wien)')).toBe('KW');
  });

  test('items: Store Settings, Account Settings, Logout; Store Settings opens the dialog', async () => {
    const { user } = renderNav();
    await user.click(await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Store Settings/ })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: /Account Settings/ })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: /Logout/ })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: /Store Settings/ }));
    expect(await screen.findByRole('dialog', undefined, PAINT)).toBeInTheDocument();
  });

  test('keyboard only — Enter on Store Settings opens the dialog; Tab and arrows reach Logout', async () => {
    const { user } = renderNav();
    const menuButton = await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT);
    menuButton.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const storeSettings = within(menu).getByRole('menuitem', { name: /Store Settings/ });
    await waitFor(() => expect(storeSettings).toHaveFocus());
    // Tab walks through the menu (Account Settings, then the five languages) and reaches Logout before leaving it.
    await user.tab();
    expect(within(menu).getByRole('menuitem', { name: /Account Settings/ })).toHaveFocus();
    for (let step = 0; step < 6; step += 1) await user.tab();
    expect(within(menu).getByRole('menuitem', { name: /Logout/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(storeSettings).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: /Logout/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', undefined, PAINT)).toBeInTheDocument();
  });

  test('choosing Deutsch in the profile menu turns the app German, the choice kept for the next visit', async () => {
    const { user } = renderNav();
    await user.click(await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT));
    expect(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(screen.getByRole('menu')).getByRole('menuitemradio', { name: 'Deutsch' }));
    expect(await screen.findByRole('button', { name: /Kontomenü: Corner Café/ }, PAINT)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(localStorage.getItem('stampwise.language')).toBe('de');
    await act(() => switchLanguage('en', 'app'));
  });

  test('Space opens the menu and Escape closes it, focus back on the button', async () => {
    const { user } = renderNav();
    const menuButton = await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT);
    menuButton.focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // The menu moves focus to its first item once it has painted; Escape is pressed there, as a user would.
    await waitFor(() => expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  test('Logout clears the session and goes to /login, replacing the history entry', async () => {
    localStorage.setItem('token', token);
    const { user, router, store } = renderNav();
    await user.click(await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT));
    await user.click(await screen.findByRole('menuitem', { name: /Logout/ }));

    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    // The server is told to end the session, so a copy of the token stops working too.
    await waitFor(() => expect(api.fakeApi.sent('POST /api/auth/logout')).toHaveLength(1));
    expect(api.fakeApi.sent('POST /api/auth/logout')[0].headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  test.each([
    ['refused (401)', { status: 401, body: { error: 'Unauthorized' } }],
    ['failing (500)', { status: 500, body: { error: 'Internal Server Error' } }],
  ])('a vendor load %s clears the session and goes to /login (replace)', async (_case, reply) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.fakeApi.on('GET /api/vendor/v1', reply);
    localStorage.setItem('token', token);
    const { router, store } = renderNav();
    expect(await screen.findByText('login screen', undefined, PAINT)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(store.getState().session.token).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('a vendor load that gets no answer (network down, or the page being left for another) keeps the session', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.fakeApi.on('GET /api/vendor/v1', () => 'network-failure');
    localStorage.setItem('token', token);
    const { router, store } = renderNav();
    await waitFor(() => expect(api.fakeApi.sent('GET /api/vendor/v1').length).toBeGreaterThan(0));
    await waitFor(() => expect(store.getState().api.queries['getVendor("v1")']?.status).toBe('rejected'));
    expect(store.getState().session.token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
    expect(router.state.location.pathname).not.toBe('/login');
  });
});

describe('nav rules', () => {
  const [dashboard, rewards] = NAV_ITEMS;

  test('a button is active when the path equals or starts with its path', () => {
    expect(isNavItemActive(rewards, '/rewards/v1', '/rewards/v1')).toBe(true);
    expect(isNavItemActive(rewards, '/rewards/v1', '/rewards/v1/history')).toBe(true);
    expect(isNavItemActive(rewards, '/rewards/v1', '/dashboard/v1')).toBe(false);
    expect(isNavItemActive(dashboard, '/dashboard/v1', '/')).toBe(true);
    expect(isNavItemActive(rewards, '/rewards/v1', '/')).toBe(false);
  });

  test('targets use the vendor id, or /login without a valid session', () => {
    expect(NAV_ITEMS.map((item) => navTarget(item, 'v1'))).toEqual(['/dashboard/v1', '/rewards/v1', '/qr-code/v1', '/campaigns/v1', '/help/v1']);
    expect(NAV_ITEMS.map((item) => navTarget(item, null))).toEqual(Array(5).fill('/login'));
    // A /login target never highlights a button, not even on /login itself.
    expect(isNavItemActive(rewards, '/login', '/login')).toBe(false);
  });

  test('initials: first and last word, upper-cased', () => {
    expect(initials('Corner Café')).toBe('CC');
    expect(initials('the little bean company')).toBe('TC');
    expect(initials('Bean')).toBe('B');
    expect(initials('  ')).toBe('?');
  });
});
