// The help page answers the three questions in an accordion and links the additional resources.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HelpPage from '../../../../src/features/help/HelpPage';
import HelpFaqPage from '../../../../src/features/help/HelpFaqPage';
import HelpGuidePage from '../../../../src/features/help/HelpGuidePage';
import HelpTutorialPage from '../../../../src/features/help/HelpTutorialPage';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';

// antd renders and role queries are slow on the shared 2-core machine; no test here waits on a timer.
jest.setTimeout(30_000);

const renderHelp = () => renderWithApp(<HelpPage />, { route: '/help/vendor-1', path: '/help/:userId' });

describe('HelpPage', () => {
  it('is headed Help & Resources', async () => {
    renderHelp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Resources' })).toBeInTheDocument();
  });

  it.each([
    ['How do I set up a reward campaign?', "Go to Rewards, click 'Update Reward Setup', define your reward and save. Your reward launches immediately."],
    [
      'How do customers earn and redeem rewards?',
      'Customers earn one stamp per purchase by scanning your QR code in store. When their card is full, they claim the free reward in the mobile app.',
    ],
    ['How do I track reward performance?', 'Your dashboard shows redemptions, customer activity and campaign performance.'],
  ])('opens "%s" to show its answer', async (question, answer) => {
    const user = userEvent.setup({ skipHover: true });
    renderHelp();
    const toggle = await screen.findByRole('button', { name: question });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(answer)).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(answer)).toBeVisible();
  });

  it("keeps the 'mobile app' answer and says beside it that customers need no app: camera and browser", async () => {
    const user = userEvent.setup({ skipHover: true });
    renderHelp();
    await user.click(await screen.findByRole('button', { name: 'How do customers earn and redeem rewards?' }));
    expect(screen.getByText(/No app to install: customers point their phone's camera at your QR code and their stamp card opens in the browser/)).toBeVisible();
  });

  it('links User Guide, FAQ and Tutorial Videos to their pages under /help (nothing is "Coming soon")', async () => {
    const user = userEvent.setup({ skipHover: true });
    // The FAQ's own route is there, so following the link opens a page rather than the router's "no route" error.
    const { router } = renderWithApp(<HelpPage />, {
      route: '/help/vendor-1',
      path: '/help/:userId',
      extraRoutes: [{ path: '/help/:userId/faq', element: <p>The FAQ page</p> }],
    });
    expect(await screen.findByRole('heading', { name: 'Additional Resources' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User Guide' })).toHaveAttribute('href', '/help/vendor-1/guide');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/help/vendor-1/faq');
    expect(screen.getByRole('link', { name: 'Tutorial Videos' })).toHaveAttribute('href', '/help/vendor-1/tutorial');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(router.state.location.pathname).toBe('/help/vendor-1/faq');
    expect(await screen.findByText('The FAQ page')).toBeInTheDocument();
  });
});

describe('the help pages', () => {
  it('the FAQ answers cooldowns, a lost phone, renewing the flyer, the hand-over and stamp alerts', async () => {
    renderWithApp(<HelpFaqPage />, { route: '/help/vendor-1/faq', path: '/help/:userId/faq' });
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    for (const question of [/cooldown/, /lost their phone/, /renew my flyer/, /reward code/, /stamp alert/]) {
      expect(screen.getByRole('heading', { level: 2, name: question })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to Help & Resources' })).toHaveAttribute('href', '/help/vendor-1');
  });

  it('the User Guide has a table of contents linking to each of its sections', async () => {
    renderWithApp(<HelpGuidePage />, { route: '/help/vendor-1/guide', path: '/help/:userId/guide' });
    const contents = await screen.findByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(6);
    for (const link of links) expect(document.getElementById((link.getAttribute('href') ?? '').slice(1))).not.toBeNull();
  });

  it('the walkthrough shows screenshots of the real app, each with its text', async () => {
    renderWithApp(<HelpTutorialPage />, { route: '/help/vendor-1/tutorial', path: '/help/:userId/tutorial' });
    const images = await screen.findAllByRole('img');
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const image of images) expect(image.getAttribute('src')).toMatch(/^\/tutorial\/.+\.(png|webp)$/);
  });
});

describe('HelpPage in French', () => {
  let backToEnglish: () => void;
  beforeEach(() => {
    backToEnglish = pageLanguage('fr', ['fr-FR']);
  });
  afterEach(() => act(() => backToEnglish()));

  it('reads its heading, questions, answers and resources in French', async () => {
    const user = userEvent.setup({ skipHover: true });
    renderHelp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide et ressources' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comment les clients gagnent-ils et utilisent-ils leurs récompenses\u00a0?' }));
    expect(screen.getByText(/^Aucune appli à installer/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Guide d’utilisation' })).toHaveAttribute('href', '/help/vendor-1/guide');
  });

  it('reads the User Guide, the FAQ and the walkthrough in French', async () => {
    const guide = renderWithApp(<HelpGuidePage />, { route: '/help/vendor-1/guide', path: '/help/:userId/guide' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide d’utilisation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Remettre une récompense' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sur cette page' })).toBeInTheDocument();
    expect(screen.getByText(/^Chaque scan ajoute un tampon\./)).toBeInTheDocument();
    guide.unmount();

    const faq = renderWithApp(<HelpFaqPage />, { route: '/help/vendor-1/faq', path: '/help/:userId/faq' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mes clients ont-ils besoin d’une appli\u00a0?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Retour à Aide et ressources/ })).toHaveAttribute('href', '/help/vendor-1');
    faq.unmount();

    renderWithApp(<HelpTutorialPage />, { route: '/help/vendor-1/tutorial', path: '/help/:userId/tutorial' });
    const qrStep = await screen.findByRole('img', { name: 'La page Code QR avec le code, la case de remise et le fil en direct' });
    expect(qrStep).toHaveAttribute('src', '/tutorial/4-qr-page.png');
    expect(screen.getByRole('heading', { level: 2, name: '4. Affichez le code au comptoir' })).toBeInTheDocument();
  });
});
