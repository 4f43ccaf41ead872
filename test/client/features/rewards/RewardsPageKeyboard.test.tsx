// The Rewards page from the keyboard: Enter in the Expiration Date does not publish the reward, leaving with
// unsaved edits asks first, and Punches Required steps with ArrowUp/ArrowDown.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RewardsPage from '../../../../src/features/rewards/RewardsPage';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { pageLanguage } from '../../support/pageLanguage';

jest.setTimeout(90_000);

const VENDOR = 'vendor-1';
const REWARD = `/api/rewards/${VENDOR}`;

// On jest's clock: antd's motion steps on animation frames, and on the real clock a step that landed between two of
// a test's steps updated the page outside act(). Frames now run only where the test or user-event moves the clock.
// user-event moves it with the async form, which lets the promises a key press starts (the field's validation,
// which re-renders it) settle before the call returns, as they do on the real clock.
const waitOnTheClock = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

let http: FakeApi;
beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  http = installFakeApi();
  http.on(`GET ${REWARD}`, {
    status: 200,
    body: { reward: { stamps: 8, item: 'latte', itemCustom: null, expiry: '2027-06-30' }, items: [{ _id: 'latte', name: 'Latte' }] },
  });
  http.on(`POST ${REWARD}`, (request) => ({ status: 200, body: { reward: JSON.parse(String(request.body)) } }));
  http.on(`GET /api/activity/${VENDOR}`, { status: 200, body: { items: [], page: 1, pageSize: 10, total: 0, totalIsCapped: false, hasMore: false } });
});
afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function renderLoaded(submitLabel = 'Update Reward Setup') {
  const view = renderWithApp(<RewardsPage />, {
    preloadedState: { session: { token: sessionTokenFor(VENDOR) } },
    route: `/rewards/${VENDOR}`,
    path: '/rewards/:userId',
    extraRoutes: [{ path: '/dashboard/:userId', element: <h1>Dashboard page</h1> }],
  });
  await screen.findByText(submitLabel);
  return { ...view, user: userEvent.setup({ skipHover: true, advanceTimers: (ms) => jest.advanceTimersByTimeAsync(ms) }) };
}

const punches = () => screen.getByRole('spinbutton', { name: 'Punches Required' });

describe('Rewards page keyboard and unsaved edits', () => {
  it('#8: Enter in the Expiration Date field does not submit the form', async () => {
    const { user } = await renderLoaded();
    const expiry = screen.getByLabelText('Expiration Date');
    await user.click(expiry);
    await user.keyboard('{Enter}');
    // Give a submit every chance to happen.
    await waitOnTheClock(50);
    expect(http.sent(`POST ${REWARD}`)).toHaveLength(0);
  });

  it('#12: Punches Required is a spin button that steps with ArrowUp and ArrowDown, within 1–100', async () => {
    const { user } = await renderLoaded();
    const input = punches();
    expect(input).toHaveAttribute('aria-valuenow', '8');
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(input).toHaveValue('10'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(input).toHaveValue('9'));
    fireEvent.change(input, { target: { value: '100' } });
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(input).toHaveValue('100'));
  });

  it('#8: leaving with unsaved edits asks first; Stay keeps the page, Leave goes', async () => {
    const { user, router } = await renderLoaded();
    fireEvent.change(punches(), { target: { value: '5' } });
    await waitFor(() => expect(punches()).toHaveValue('5'));
    // antd's watch reports the edit on its next tick.
    await waitOnTheClock(50);
    await act(() => router.navigate(`/dashboard/${VENDOR}`));
    expect((await screen.findAllByText('Leave without saving?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(`/rewards/${VENDOR}`);

    await act(() => router.navigate(`/dashboard/${VENDOR}`));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('leaving with unsaved edits asks in French', async () => {
    const backToEnglish = pageLanguage('fr', ['fr-FR']);
    try {
      const { user, router } = await renderLoaded('Mettre à jour la récompense');
      const input = screen.getByRole('spinbutton', { name: 'Tampons nécessaires' });
      fireEvent.change(input, { target: { value: '5' } });
      await waitFor(() => expect(input).toHaveValue('5'));
      // antd's watch reports the edit on its next tick (as in the English test above).
      await waitOnTheClock(50);
      await act(() => router.navigate(`/dashboard/${VENDOR}`));
      expect((await screen.findAllByText('Quitter sans enregistrer ?')).length).toBeGreaterThan(0);
      expect(screen.getByText('Vos modifications de la carte de fidélité ne sont pas encore enregistrées. Les clients voient toujours la carte telle qu’elle était.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Rester sur cette page' }));
      expect(router.state.location.pathname).toBe(`/rewards/${VENDOR}`);
    } finally {
      backToEnglish();
    }
  });

  it('#8: without edits (or once saved) leaving asks nothing', async () => {
    const { router } = await renderLoaded();
    fireEvent.change(punches(), { target: { value: '5' } });
    fireEvent.click(screen.getByText('Update Reward Setup').closest('button') as HTMLButtonElement);
    await waitFor(() => expect(http.sent(`POST ${REWARD}`)).toHaveLength(1));
    await waitFor(async () => {
      await router.navigate(`/dashboard/${VENDOR}`);
      expect(router.state.location.pathname).toBe(`/dashboard/${VENDOR}`);
    });
    expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument();
  });
});
