// The help page answers its three questions in an accordion and lists the additional resources.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HelpPage from '../../../../src/features/help/HelpPage';
import { renderWithApp } from '../../render';

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
    const user = userEvent.setup();
    renderHelp();
    const toggle = await screen.findByRole('button', { name: question });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(answer)).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(answer)).toBeVisible();
  });

  it('lists User Guide, FAQ and Tutorial Videos as placeholder links that keep the vendor on the page', async () => {
    const user = userEvent.setup();
    const { router } = renderHelp();
    expect(await screen.findByRole('heading', { name: 'Additional Resources' })).toBeInTheDocument();
    const links = ['User Guide', 'FAQ', 'Tutorial Videos'].map((title) => screen.getByRole('link', { name: `${title} (coming soon)` }));
    for (const link of links) expect(link).toHaveAttribute('href', '#');

    await user.click(links[0]);
    expect(router.state.location.pathname).toBe('/help/vendor-1');
  });
});
