// The campaign form: its fields and options, browser-enforced required fields, the logged object and the reset.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import CampaignsPage from '../../../../src/features/campaigns/CampaignsPage';
import type { CampaignRow } from '../../../../src/api/contract/campaigns';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { vendorResponse } from '../store-settings/vendorFixtures';

const SUBMIT = 'Launch Campaign & Send Push Notification';
const FORM_TITLE = 'Create New Campaign';

// antd renders are slow on the shared 2-core machine; no test here waits on a timer.
jest.setTimeout(120_000);

const setupUser = () => userEvent.setup({ delay: null, skipHover: true });

/** The radio group labelled `label` (its aria-labelledby points at the visible label). */
function radioGroup(label: string): HTMLElement {
  const labelElement = screen.getByText(label, { selector: 'span[id]' });
  const group = document.querySelector<HTMLElement>(`[role="radiogroup"][aria-labelledby="${labelElement.id}"]`);
  if (!group) throw new Error(`no radio group labelled ${label}`);
  return group;
}
const radioLabels = (label: string) => [...radioGroup(label).querySelectorAll('label')].map((l) => l.textContent);
const radiosIn = (label: string) => [...radioGroup(label).querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const radio = (group: string, option: string) => within(radioGroup(group)).getByLabelText(option);
const allRadios = () => [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const slider = () => screen.getByLabelText('Campaign Budget', { selector: '[role="slider"]' });
const abTesting = () => screen.getByLabelText('Enable A/B Testing') as HTMLInputElement;
const submitButton = () => screen.getByText(SUBMIT).closest('button') as HTMLButtonElement;
/** The arrow key on the slider handle (rc-slider reads keyCode, which user-event's keyboard leaves unset). */
const pressArrowRight = (handle: HTMLElement) => {
  act(() => handle.focus());
  fireEvent.keyDown(handle, { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39, which: 39 });
};
const optionTitles = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));

const renderCampaigns = () => renderWithApp(<CampaignsPage />, { route: '/campaigns/vendor-1', path: '/campaigns/:userId' });

const start = dayjs().add(3, 'day').hour(9).minute(30).second(0).millisecond(0);
const end = start.add(7, 'day').hour(18).minute(0);

type User = ReturnType<typeof setupUser>;

/** Types into a field in one go (a paste): every keystroke would re-measure the auto-sizing text area. */
async function enterText(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function pickDateTime(user: User, label: string, when: dayjs.Dayjs) {
  await enterText(user, label, when.format('YYYY-MM-DD HH:mm'));
  await user.keyboard('{Enter}');
}

async function pickOptions(user: User, label: string, options: string[]) {
  await user.click(screen.getByLabelText(label));
  for (const option of options) {
    // antd renders a visible option list next to an accessible one; click the visible one by its title.
    await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${option}"]`)).not.toBeNull());
    await user.click(document.querySelector(`.ant-select-item-option[title="${option}"]`) as HTMLElement);
  }
  await user.keyboard('{Escape}');
}

async function fillEveryField(user: User, title = 'Double stamps weekend') {
  await enterText(user, 'Campaign Title', title);
  await enterText(user, 'Campaign Description', 'Every coffee earns two stamps this weekend.');
  await user.click(radio('Location', '5 km'));
  await user.click(radio('Customer Frequency', 'Weekly visitors'));
  await pickDateTime(user, 'Start Date & Time', start);
  await pickDateTime(user, 'End Date & Time', end);
  await pickOptions(user, 'Promotion Type', ['Bonus stamps']);
  await pickOptions(user, 'Items to Promote', ['Coffee', 'Tea']);
  await user.click(radio('Notification Frequency', 'Daily'));
  await user.click(abTesting());
  // One label lookup for the three key presses: a label query walks every label of the page.
  const budget = slider();
  for (let i = 0; i < 3; i += 1) pressArrowRight(budget);
}

const savedCampaign: CampaignRow = {
  id: 'cmp-saved',
  campaignTitle: 'Flat White Fridays',
  campaignDescription: 'Two stamps for every flat white on Fridays.',
  targetAudience: 'monthly',
  startDateTime: '2026-12-04T08:00:00.000Z',
  endDateTime: '2026-12-25T18:00:00.000Z',
  promotionType: 'bonus-stamps',
  itemsToPromote: ['Coffee'],
  notificationFrequency: 'weekly',
  abTesting: false,
  budget: 80,
  status: 'active',
  notifications: 0,
  delivery: { sent: 0, waiting: 0, failed: 0 },
  createdAt: 1,
};

describe('CampaignsPage', () => {
  let log: jest.SpyInstance;
  let api: FakeApi;
  beforeEach(() => {
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    api = installFakeApi();
    api.on('GET /api/campaigns/vendor-1', { status: 200, body: { campaigns: [] } });
    api.on('GET /api/campaigns/vendor-1/audience', {
      status: 200,
      body: {
        daily: 2,
        weekly: 7,
        monthly: 31,
        all: 58,
        reach: { daily: { email: 1, pass: 1, push: 0 }, weekly: { email: 3, pass: 2, push: 0 }, monthly: { email: 9, pass: 6, push: 0 }, all: { email: 12, pass: 9, push: 0 } },
      },
    });
    api.on('POST /api/campaigns/vendor-1', { status: 201, body: { id: 'cmp-new' } });
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  it('offers the option lists', async () => {
    const user = setupUser();
    renderCampaigns();
    await screen.findByText(FORM_TITLE);
    expect(radioLabels('Location')).toEqual(['Within 1k', '5 km', '10 km', '20 km', '30 km']);
    expect(radioLabels('Customer Frequency')).toEqual(['Daily visitors', 'Weekly visitors', 'Monthly visitors', 'All customers']);
    expect(radioLabels('Notification Frequency')).toEqual(['Once', 'Daily', 'Weekly']);

    await user.click(screen.getByLabelText('Promotion Type'));
    await waitFor(() => expect(optionTitles()).toHaveLength(4));
    expect(optionTitles()).toEqual(['Discount', 'Bonus stamps', 'Exclusive offer', 'Limited-time offer']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByLabelText('Items to Promote'));
    await waitFor(() => expect(optionTitles()).toHaveLength(8));
    expect(optionTitles().slice(4)).toEqual(['Coffee', 'Pastry', 'Sandwich', 'Tea']);
  });

  it('starts with a $50 budget on a 0–200 slider in steps of 1, A/B testing off and the other fields empty', async () => {
    renderCampaigns();
    await screen.findByText(FORM_TITLE);
    const budget = slider();
    expect(budget).toHaveAttribute('aria-valuenow', '50');
    expect(budget).toHaveAttribute('aria-valuemin', '0');
    expect(budget).toHaveAttribute('aria-valuemax', '200');
    expect(budget).toHaveAttribute('aria-valuetext', '$50');
    expect(screen.getByText('$50', { selector: 'output' })).toBeInTheDocument();
    pressArrowRight(budget);
    expect(budget).toHaveAttribute('aria-valuenow', '51');
    expect(await screen.findByText('$51', { selector: 'output' })).toBeInTheDocument();
    expect(abTesting()).not.toBeChecked();
    expect(screen.getByLabelText('Campaign Title')).toHaveValue('');
    expect(allRadios().filter((r) => r.checked)).toHaveLength(0);
  });

  it("a dong store's budget starts at ₫500,000 on a slider to ₫2,000,000 in steps of ₫10,000", async () => {
    api.on('GET /api/vendor/vendor-1', { status: 200, body: vendorResponse({ currency: 'VND' }) });
    renderWithApp(<CampaignsPage />, { route: '/campaigns/vendor-1', path: '/campaigns/:userId', preloadedState: { session: { token: sessionTokenFor('vendor-1') } } });
    await screen.findByText(FORM_TITLE);
    const budget = slider();
    await waitFor(() => expect(budget).toHaveAttribute('aria-valuenow', '500000'));
    expect(budget).toHaveAttribute('aria-valuemax', '2000000');
    expect(budget).toHaveAttribute('aria-valuetext', '₫500,000');
    pressArrowRight(budget);
    expect(budget).toHaveAttribute('aria-valuenow', '510000');
    expect(await screen.findByText('₫510,000', { selector: 'output' })).toBeInTheDocument();
  });

  it('leaves submitting to the browser’s own required check: nothing is logged while a field is empty', async () => {
    const user = setupUser();
    renderCampaigns();
    await screen.findByText(FORM_TITLE);
    await user.click(submitButton());

    const form = submitButton().form as HTMLFormElement;
    expect(form).toHaveAttribute('aria-label', FORM_TITLE);
    expect(form.noValidate).toBe(false);
    expect(form.checkValidity()).toBe(false);
    for (const label of ['Campaign Title', 'Campaign Description', 'Start Date & Time', 'End Date & Time']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).validity.valueMissing).toBe(true);
    }
    for (const group of ['Location', 'Customer Frequency', 'Notification Frequency']) {
      expect(radiosIn(group).every((r) => r.validity.valueMissing)).toBe(true);
    }
    // The two antd selects are mirrored by native required selects.
    const mirrors = screen.getAllByTestId('required-mirror') as HTMLSelectElement[];
    expect(mirrors).toHaveLength(2);
    for (const mirror of mirrors) expect(mirror.validity.valueMissing).toBe(true);
    // When the browser focuses an empty mirror to point at it, the vendor lands in the Select itself.
    act(() => mirrors[0].focus());
    expect(document.activeElement).toBe(screen.getByLabelText('Promotion Type'));
    // A/B testing and the budget are optional.
    expect(abTesting().required).toBe(false);
    await act(() => Promise.resolve());
    expect(log).not.toHaveBeenCalled();
  });

  // One form filled serves both behaviours in turn: filling every field takes most of such a test.
  it('stays unsubmittable while only the antd multi-select is empty; filled, it logs exactly the campaign object on launch, without the location radius, and resets every field', async () => {
    const user = setupUser();
    renderCampaigns();
    await screen.findByText(FORM_TITLE);
    await fillEveryField(user);
    expect(submitButton().form?.checkValidity()).toBe(true);
    for (const remove of document.querySelectorAll('.ant-select-selection-item-remove')) {
      fireEvent.click(remove);
    }
    await waitFor(() => expect(document.querySelectorAll('.ant-select-selection-item[title="Coffee"]')).toHaveLength(0));
    await user.click(submitButton());
    expect((screen.getAllByTestId('required-mirror')[1] as HTMLSelectElement).validity.valueMissing).toBe(true);
    expect(log).not.toHaveBeenCalled();

    await pickOptions(user, 'Items to Promote', ['Coffee', 'Tea']);
    await user.click(submitButton());

    await waitFor(() => expect(log).toHaveBeenCalledTimes(1));
    expect(log.mock.calls[0]).toHaveLength(1);
    const logged = log.mock.calls[0][0] as Record<string, unknown>;
    expect(logged).toStrictEqual({
      campaignTitle: 'Double stamps weekend',
      campaignDescription: 'Every coffee earns two stamps this weekend.',
      targetAudience: 'weekly',
      startDateTime: start.toISOString(),
      endDateTime: end.toISOString(),
      promotionType: 'bonus-stamps',
      itemsToPromote: ['Coffee', 'Tea'],
      notificationFrequency: 'daily',
      abTesting: true,
      budget: 53,
    });
    // The 5 km radius was chosen but is not part of the campaign.
    expect(Object.values(logged)).not.toContain(5);
    // The same object is saved on the server.
    await waitFor(() => expect(api.sent('POST /api/campaigns/vendor-1')).toHaveLength(1));
    expect(JSON.parse(api.sent('POST /api/campaigns/vendor-1')[0].body as string)).toStrictEqual(logged);

    // Everything is back to a fresh form: budget 50, A/B testing off, all else empty.
    await waitFor(() => expect(screen.getByLabelText('Campaign Title')).toHaveValue(''));
    expect(screen.getByLabelText('Campaign Description')).toHaveValue('');
    expect(screen.getByLabelText('Start Date & Time')).toHaveValue('');
    expect(screen.getByLabelText('End Date & Time')).toHaveValue('');
    expect(allRadios().filter((r) => r.checked)).toHaveLength(0);
    expect(document.querySelectorAll('.ant-select-selection-item')).toHaveLength(0);
    expect(slider()).toHaveAttribute('aria-valuenow', '50');
    expect(abTesting()).not.toBeChecked();
    expect(await screen.findByText('Campaign launched: customers who accepted campaign messages receive it on their channels.')).toBeInTheDocument();
  });

  it('previews the notification and summary as the vendor types', async () => {
    const user = setupUser();
    renderCampaigns();
    const notification = await screen.findByTestId('preview-notification');
    expect(notification).toHaveTextContent('Your campaign title');

    await user.type(screen.getByLabelText('Campaign Title'), 'Pastry');
    await enterText(user, 'Campaign Description', 'Half-price pastries after 3 pm.');
    await user.click(radio('Location', 'Within 1k'));
    await user.click(radio('Customer Frequency', 'Monthly visitors'));

    await waitFor(() => expect(notification).toHaveTextContent('Pastry'));
    expect(notification).toHaveTextContent('Half-price pastries after 3 pm.');
    const summary = screen.getByTestId('preview-summary');
    expect(summary).toHaveTextContent('AudienceMonthly visitors');
    expect(summary).toHaveTextContent('ReachWithin 1k');
    expect(summary).toHaveTextContent('Budget$50');
    expect(summary).toHaveTextContent('A/B testingOff');
  });

  it('lists the three sample campaigns under Title, Audience, Schedule, Type and Notifications while the store has none', async () => {
    renderCampaigns();
    expect(await screen.findByText('Sample campaigns: yours appear here once you launch one.')).toBeInTheDocument();
    const table = document.querySelector('table') as HTMLTableElement;
    expect([...table.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual(['Title', 'Audience', 'Schedule', 'Type', 'Notifications']);
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Winter Warmer Week');
    expect(rows[0]).toHaveTextContent('Weekly visitors');
    expect(rows[0]).toHaveTextContent('1 Dec – 7 Dec 2026');
    expect(rows[0]).toHaveTextContent('Discount');
    expect(rows[0]).toHaveTextContent('3');
    expect(screen.getByText('Campaign performance')).toBeInTheDocument();
  });

  // One form filled serves both: filling every field takes most of such a test.
  it('names a title or description of only spaces (the browser accepts them) instead of launching nothing; one the server refuses keeps every field, and says why', async () => {
    api.on('POST /api/campaigns/vendor-1', { status: 400, body: { error: 'The campaign was not saved: endDateTime must be in the future.' } });
    const user = setupUser();
    renderCampaigns();
    await screen.findByText(FORM_TITLE);
    await fillEveryField(user, '   ');
    expect(screen.getByLabelText('Campaign Title')).toHaveValue('   ');
    expect(submitButton().form?.checkValidity()).toBe(true);
    await user.click(submitButton());

    expect(await screen.findByText('Write a few words here, not only spaces.')).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
    expect(api.sent('POST /api/campaigns/vendor-1')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Campaign Title'));
    await user.paste('Double stamps weekend');
    await user.click(submitButton());

    expect(await screen.findByText('The campaign was not saved: The campaign was not saved: endDateTime must be in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Campaign Title')).toHaveValue('Double stamps weekend');
    expect(screen.getByLabelText('Campaign Description')).toHaveValue('Every coffee earns two stamps this weekend.');
    expect(screen.queryByText('Campaign launched: customers who accepted campaign messages receive it on their channels.')).not.toBeInTheDocument();
  });

  it('says how many customers the chosen customer frequency reaches, and how many on each channel', async () => {
    const user = setupUser();
    renderCampaigns();
    await screen.findByText(FORM_TITLE);
    await user.click(radio('Customer Frequency', 'Weekly visitors'));
    expect(await screen.findByText('This reaches 7 customers today. Reachable now: 3 by e-mail, 2 on a wallet pass, 0 by web push.')).toBeInTheDocument();
    await user.click(radio('Customer Frequency', 'All customers'));
    expect(await screen.findByText('This reaches 58 customers today. Reachable now: 12 by e-mail, 9 on a wallet pass, 0 by web push.')).toBeInTheDocument();
  });

  it('shows how many messages a campaign sent, and how many wait or failed', async () => {
    api.on('GET /api/campaigns/vendor-1', { status: 200, body: { campaigns: [{ ...savedCampaign, notifications: 40, delivery: { sent: 40, waiting: 12, failed: 3 } }] } });
    renderCampaigns();
    const row = (await screen.findByText('Flat White Fridays')).closest('tr') as HTMLTableRowElement;
    expect(row).toHaveTextContent('40');
    expect(row).toHaveTextContent('12 waiting');
    expect(row).toHaveTextContent('3 failed');
    expect(row.querySelector('.sw-count')).toHaveAttribute('aria-label', '40 sent, 12 waiting, 3 failed');
  });

  it("lists the store's own campaigns instead of the samples, with their status, and pauses one", async () => {
    api.on('GET /api/campaigns/vendor-1', { status: 200, body: { campaigns: [savedCampaign] } });
    api.on('POST /api/campaigns/vendor-1/cmp-saved/pause', { status: 200, body: { ...savedCampaign, status: 'paused' } });
    const user = setupUser();
    renderCampaigns();
    const title = await screen.findByText('Flat White Fridays');
    const row = title.closest('tr') as HTMLTableRowElement;
    expect(row).toHaveTextContent('Monthly visitors');
    expect(row).toHaveTextContent('Active');
    expect(screen.queryByText('Winter Warmer Week')).not.toBeInTheDocument();
    expect(screen.queryByText('Campaign performance')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(api.sent('POST /api/campaigns/vendor-1/cmp-saved/pause')).toHaveLength(1));
  });

  it('duplicates a campaign into the form', async () => {
    api.on('GET /api/campaigns/vendor-1', { status: 200, body: { campaigns: [{ ...savedCampaign, status: 'ended', endDateTime: '2025-01-01T00:00:00.000Z', startDateTime: '2024-12-01T00:00:00.000Z' }] } });
    const user = setupUser();
    renderCampaigns();
    const row = (await screen.findByText('Flat White Fridays')).closest('tr') as HTMLTableRowElement;
    expect(within(row).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(screen.getByLabelText('Campaign Title')).toHaveValue('Flat White Fridays'));
    expect(screen.getByLabelText('Campaign Description')).toHaveValue('Two stamps for every flat white on Fridays.');
    // An ended campaign's dates are gone: the copy needs new ones.
    expect(screen.getByLabelText('Start Date & Time')).toHaveValue('');
  });
});
