// The nav bar's phone-width Menu button (a disclosure): what it controls, opening, keyboard, closing, navigating.
// Which of the two layouts shows is the stylesheet's job (jsdom applies none): the browser test checks it at 375 px.
import { screen, within } from '@testing-library/react';
import { PAINT, renderNav, withFakeVendorApi } from './navBarSetup';

// antd in jsdom is slow on a busy machine; the waits are generous, the assertions are not.
jest.setTimeout(60_000);

withFakeVendorApi(null);

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
/** The element the Menu button opens, found through its aria-controls. */
const panelOf = (toggle: HTMLElement) => document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
const isOpen = (panel: HTMLElement) => panel.hasAttribute('data-open');

describe('NavBar below 768 px: the Menu button', () => {
  test('is a closed disclosure controlling the page buttons and the search box, not the profile menu', async () => {
    renderNav();
    const toggle = menuButton();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = panelOf(toggle);
    expect(panel).not.toBeNull();
    expect(isOpen(panel)).toBe(false);
    const nav = within(panel).getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Rewards', 'QR Code', 'Campaigns', 'Help & Resources']) expect(within(nav).getByRole('button', { name })).toBeEnabled();
    expect(within(panel).getByRole('search')).toContainElement(screen.getByLabelText('Search'));
    // The profile menu stays in the bar, reachable with the panel closed.
    const profile = await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT);
    expect(panel).not.toContainElement(profile);
  });

  test('opens and closes on click; a page button navigates and closes it', async () => {
    const { user, router } = renderNav();
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(isOpen(panelOf(menuButton()))).toBe(true);
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    await user.click(within(panelOf(menuButton())).getByRole('button', { name: 'QR Code' }));
    expect(await screen.findByRole('heading', { name: 'QR page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/qr-code/v1');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(isOpen(panelOf(menuButton()))).toBe(false);
  });

  test('the Campaigns button in the panel opens the Campaigns page', async () => {
    const { user, router } = renderNav();
    await user.click(menuButton());
    await user.click(within(panelOf(menuButton())).getByRole('button', { name: 'Campaigns' }));
    expect(router.state.location.pathname).toBe('/campaigns/v1');
  });

  test('works from the keyboard: Enter opens, Tab reaches the page buttons, Escape closes and returns focus', async () => {
    const { user } = renderNav();
    menuButton().focus();
    await user.keyboard('{Enter}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');

    const panel = panelOf(menuButton());
    // Past the brand link, the first page button.
    await user.tab();
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Dashboard' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();

    await user.keyboard(' ');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  test('a press outside the bar closes it', async () => {
    const { user } = renderNav();
    await user.click(menuButton());
    await user.click(screen.getByRole('heading', { name: 'Dashboard page' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  test('an Escape with focus elsewhere (the profile menu) leaves the panel and the focus alone', async () => {
    const { user } = renderNav();
    await user.click(menuButton());
    const profile = await screen.findByRole('button', { name: /Account menu: Corner Café/ }, PAINT);
    profile.focus();
    await user.keyboard('{Escape}');
    expect(profile).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });
});
