// The Rewards page as a vendor uses it: load, validate (every message word for word), clamp, save, preview, sample table.
import dayjs from 'dayjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../render';
import RewardsPage from '../../../../src/features/rewards/RewardsPage';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { pageLanguage } from '../../support/pageLanguage';

// A cold antd render takes seconds on a busy 2-core machine.
jest.setTimeout(90_000);

const VENDOR = 'vendor-1';
const REWARD = `/api/rewards/${VENDOR}`;
const ITEMS = [
  { _id: 'latte', name: 'Latte' },
  { _id: 'croissant', name: 'Croissant' },
];

let http: FakeApi;

beforeEach(() => {
  // A successful save is only logged; keep the test output quiet.
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  http = installFakeApi();
  http.on(`GET /api/vendor/${VENDOR}`, { status: 200, body: { vendor: { company: 'Corner Café', address: '', open_hours: '', website: '', logo: null, banner: null }, items: [] } });
  http.on(`POST ${REWARD}`, (request) => ({ status: 200, body: { reward: JSON.parse(String(request.body)) } }));
  // A vendor without customers yet: the Reward Activity table shows the sample rows.
  http.on(`GET /api/activity/${VENDOR}`, { status: 200, body: { items: [], page: 1, pageSize: 10, total: 0, totalIsCapped: false, hasMore: false } });
});

afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
});

function serve(reward: object) {
  http.on(`GET ${REWARD}`, { status: 200, body: { reward, items: ITEMS } });
}

async function renderLoaded() {
  const view = renderWithApp(<RewardsPage />, {
    preloadedState: { session: { token: sessionTokenFor(VENDOR) } },
    route: `/rewards/${VENDOR}`,
    path: '/rewards/:userId',
  });
  await screen.findByText('Update Reward Setup');
  return view;
}

/** The <button> whose label is `text`. */
const button = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;

const punchesInput = () => screen.getByLabelText('Punches Required');
const submit = () => fireEvent.click(button('Update Reward Setup'));
const postedBodies = () => http.sent(`POST ${REWARD}`).map((r) => JSON.parse(String(r.body)) as Record<string, unknown>);
const previewStamps = () => screen.getByTestId('live-preview').querySelectorAll('[data-stamp]');

function openItemSelect() {
  fireEvent.mouseDown(screen.getByLabelText('Qualifying Item').closest('.ant-select') as HTMLElement);
}
/** An option of the open Qualifying Item dropdown. */
const findOption = (label: string) => screen.findByText(label, { selector: '.ant-select-item-option-content' });

describe('RewardsPage', () => {
  it("shows 'Loading...' until the saved setup arrives, then the form filled with it", async () => {
    serve({ stamps: 8, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    renderWithApp(<RewardsPage />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } }, route: `/rewards/${VENDOR}`, path: '/rewards/:userId' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await screen.findByText('Update Reward Setup');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByText('Punch Card Setup', { selector: 'h2' })).toBeInTheDocument();
    expect(punchesInput()).toHaveValue('8');
    expect(screen.getByLabelText('Qualifying Item').closest('.ant-select')).toHaveTextContent('Latte');
    expect(screen.getByLabelText('Expiration Date')).toHaveValue('2027-06-30');
    expect(http.sent(`GET ${REWARD}`)[0].headers.get('Authorization')).toBe(`Bearer ${sessionTokenFor(VENDOR)}`);
  });

  it('saves exactly stamps, item, itemCustom and expiry on submit — the card settings have their own save', async () => {
    http.on(`GET ${REWARD}/settings`, { status: 200, body: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: null } });
    serve({ stamps: 8, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    const consoleLog = jest.mocked(console.log);
    await renderLoaded();
    // Touch the card settings: the reward's own save never carries them.
    fireEvent.click(await screen.findByLabelText('Auto-redeem when complete'));
    fireEvent.change(screen.getByLabelText('Card expires after (days)'), { target: { value: '30' } });
    expect(http.sent(`POST ${REWARD}`)).toHaveLength(0);
    submit();
    await waitFor(() => expect(postedBodies()).toHaveLength(1));
    expect(postedBodies()[0]).toEqual({ stamps: 8, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    await waitFor(() => expect(consoleLog).toHaveBeenCalledWith('Reward saved', { reward: postedBodies()[0] }));
  });

  it('brings up the number keypad on a phone in every whole-number box (inputmode numeric), not the letters', async () => {
    http.on(`GET ${REWARD}/settings`, { status: 200, body: { stampMode: 'per-item', maxPerTransaction: 2, autoRedeem: true, expiryDays: null } });
    serve({ stamps: 10, item: null, itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    const settings = await screen.findByTestId('reward-settings');
    expect(punchesInput()).toHaveAttribute('inputmode', 'numeric');
    expect(await within(settings).findByLabelText('Max stamps per transaction')).toHaveAttribute('inputmode', 'numeric');
    expect(within(settings).getByLabelText('Card expires after (days)')).toHaveAttribute('inputmode', 'numeric');
  });

  it('shows the card settings saved to the store, and saves changes to the server', async () => {
    http.on(`GET ${REWARD}/settings`, { status: 200, body: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: null } });
    http.on(`PUT ${REWARD}/settings`, (request) => ({ status: 200, body: JSON.parse(String(request.body)) }));
    serve({ stamps: 10, item: null, itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    const settings = await screen.findByTestId('reward-settings');
    expect(within(settings).getByText('Saved to your store', { exact: false })).toBeInTheDocument();
    const autoRedeem = await within(settings).findByLabelText('Auto-redeem when complete');
    expect(autoRedeem).not.toBeChecked();
    fireEvent.click(autoRedeem);
    fireEvent.change(within(settings).getByLabelText('Card expires after (days)'), { target: { value: '90' } });
    fireEvent.click(button('Save card settings'));
    await waitFor(() => expect(http.sent(`PUT ${REWARD}/settings`).map((r) => JSON.parse(String(r.body)))).toEqual([
      { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: true, expiryDays: 90 },
    ]));
  });

  it('warns before changing the card size while customers are collecting, saying what happens to their cards', async () => {
    http.on(`GET ${REWARD}/settings`, { status: 200, body: { stampMode: 'per-visit', maxPerTransaction: 1, autoRedeem: false, expiryDays: null } });
    http.on(`GET ${REWARD}`, { status: 200, body: { reward: { stamps: 10, item: 'latte', itemCustom: null, expiry: '2027-06-30' }, items: ITEMS, cardsByStamps: [{ stamps: 1, cards: 2 }, { stamps: 4, cards: 1 }] } });
    await renderLoaded();
    fireEvent.change(punchesInput(), { target: { value: '3' } });
    fireEvent.blur(punchesInput());
    submit();
    expect((await screen.findAllByText('Change the card size?')).length).toBeGreaterThan(0);
    expect(screen.getByText(/3 customers are collecting on this card\. Their stamps stay as they are: 1 card with 3 or more stamps will be full at once/)).toBeInTheDocument();
    expect(postedBodies()).toEqual([]);
    fireEvent.click(button('Change the card size'));
    await waitFor(() => expect(postedBodies()).toEqual([{ stamps: 3, item: 'latte', itemCustom: null, expiry: '2027-06-30' }]));
  });

  // One page for every case: each typed value replaces the field's whole content, whatever was there before.
  it("clamps Punches Required when the field is left: '0' to 1, '150' to 100, 'abc' to 1, '7.6' to 8, '-3' to 1", async () => {
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    for (const [typed, clamped] of [['0', '1'], ['150', '100'], ['abc', '1'], ['7.6', '8'], ['-3', '1']]) {
      fireEvent.change(punchesInput(), { target: { value: typed } });
      fireEvent.blur(punchesInput());
      await waitFor(() => expect({ typed, value: (punchesInput() as HTMLInputElement).value }).toEqual({ typed, value: clamped }));
    }
  });

  it("shows 'Punches required must be at least 1' while the typed value is below 1, and does not submit", async () => {
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    fireEvent.change(punchesInput(), { target: { value: '0' } });
    expect(await screen.findByText('Punches required must be at least 1')).toBeInTheDocument();
    fireEvent.submit(punchesInput().closest('form') as HTMLFormElement);
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 50)); });
    expect(http.sent(`POST ${REWARD}`)).toHaveLength(0);
  });

  it("requires a qualifying item: 'Please select a qualifying item', nothing sent", async () => {
    serve({ stamps: 10, item: null, itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    submit();
    expect(await screen.findByText('Please select a qualifying item')).toBeInTheDocument();
    expect(http.sent(`POST ${REWARD}`)).toHaveLength(0);
  });

  it("lists the vendor's items plus 'Other', and 'Other' needs non-blank text", async () => {
    serve({ stamps: 10, item: null, itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    openItemSelect();
    expect(await findOption('Latte')).toBeInTheDocument();
    expect(await findOption('Croissant')).toBeInTheDocument();
    fireEvent.click(await findOption('Other'));
    const custom = await screen.findByLabelText('Custom qualifying item');
    fireEvent.change(custom, { target: { value: '   ' } });
    submit();
    expect(await screen.findByText('Please specify the qualifying item')).toBeInTheDocument();
    expect(http.sent(`POST ${REWARD}`)).toHaveLength(0);
    fireEvent.change(custom, { target: { value: ' Any pastry ' } });
    submit();
    await waitFor(() => expect(postedBodies()).toEqual([{ stamps: 10, item: null, itemCustom: 'Any pastry', expiry: '2027-06-30' }]));
  });

  it("requires an expiration date: 'Expiration date is required', nothing sent", async () => {
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    const { container } = await renderLoaded();
    const clear = container.querySelector('.ant-picker-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(screen.getByLabelText('Expiration Date')).toHaveValue(''));
    submit();
    expect(await screen.findByText('Expiration date is required')).toBeInTheDocument();
    expect(http.sent(`POST ${REWARD}`)).toHaveLength(0);
  });

  it('warns, without blocking, when the expiry is in the past (the default 2025-12-31 already is)', async () => {
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2025-12-31' });
    await renderLoaded();
    expect(screen.getByText(/This date has already passed/)).toBeInTheDocument();
    submit();
    await waitFor(() => expect(postedBodies()).toEqual([{ stamps: 10, item: 'latte', itemCustom: null, expiry: '2025-12-31' }]));
  });

  it('shows no past-date warning for a future expiry', async () => {
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2099-01-01' });
    await renderLoaded();
    expect(screen.queryByText(/This date has already passed/)).not.toBeInTheDocument();
  });

  // One page for every case: the preview follows the field's current value only.
  it('previews 2 punches with 2 stamp icons (2 filled), 3 with 3 (3), 10 with 10 (6) and 30 with 12 (2)', async () => {
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    for (const [punches, icons, filled] of [['2', 2, 2], ['3', 3, 3], ['10', 10, 6], ['30', 12, 2]] as const) {
      fireEvent.change(punchesInput(), { target: { value: punches } });
      await waitFor(() => expect({ punches, icons: previewStamps().length }).toEqual({ punches, icons }));
      expect({ punches, filled: screen.getByTestId('live-preview').querySelectorAll('[data-stamp="filled"]').length }).toEqual({ punches, filled });
      expect(within(screen.getByTestId('live-preview')).getByText(`Buy ${punches} × Latte, get 1 free`)).toBeInTheDocument();
    }
  });

  it('a 3-punch card is previewed with 3 stamps and one consistent sample customer', async () => {
    serve({ stamps: 3, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    const preview = screen.getByTestId('live-preview');
    await waitFor(() => expect(previewStamps()).toHaveLength(3));
    expect(within(preview).getByText('3 of 3 punches collected')).toBeInTheDocument();
    expect(within(preview).getByText('A sample customer with 3 punches collected')).toBeInTheDocument();
    expect(within(preview).queryByText(/6 punches/)).not.toBeInTheDocument();
  });

  it('shows the Reward Activity sample rows, marked as sample data', async () => {
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    await renderLoaded();
    const table = screen.getByText('Customer', { selector: 'th' }).closest('table') as HTMLTableElement;
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Customer', 'Date', 'Reward']);
    expect(within(table).getByText('Emma Wilson')).toBeInTheDocument();
    expect(table.querySelectorAll('tbody tr').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByTestId('sample-data-tag')).toBeInTheDocument();
  });

  it("logs 'Failed to load reward data' and still offers the form with the defaults (an expiry a year ahead once 2025-12-31 has passed)", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    http.on(`GET ${REWARD}`, { status: 500, body: { error: 'boom' } });
    await renderLoaded();
    expect(consoleError).toHaveBeenCalledWith('Failed to load reward data', expect.anything());
    expect(punchesInput()).toHaveValue('10');
    // The default expiry (2025-12-31) has passed, so the form proposes one year from today.
    expect(screen.getByLabelText('Expiration Date')).toHaveValue(dayjs().add(1, 'year').format('YYYY-MM-DD'));
    consoleError.mockRestore();
  });

  it("logs 'Failed to save reward' when saving fails, and nothing else", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ stamps: 10, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
    http.on(`POST ${REWARD}`, { status: 500, body: { error: 'boom' } });
    await renderLoaded();
    submit();
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Failed to save reward', expect.anything()));
    consoleError.mockRestore();
  });
});

describe('in Spanish', () => {
  it('the form, the Live Preview and its expiry date read in Spanish, the date written the Spanish way', async () => {
    const backToEnglish = pageLanguage('es', ['es-ES']);
    try {
      serve({ stamps: 8, item: 'latte', itemCustom: null, expiry: '2026-12-31' });
      renderWithApp(<RewardsPage />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } }, route: `/rewards/${VENDOR}`, path: '/rewards/:userId' });
      await screen.findByText('Actualizar recompensa');
      expect(screen.getByText('Configuración y gestión de recompensas')).toBeInTheDocument();
      expect(screen.getByLabelText('Sellos necesarios')).toHaveValue('8');
      expect(screen.getByLabelText('Fecha de caducidad')).toHaveValue('31/12/2026');
      const preview = screen.getByTestId('live-preview');
      expect(within(preview).getByText('Compra 8 × Latte y llévate 1 gratis')).toBeInTheDocument();
      expect(within(preview).getByText('Válida hasta el 31 dic 2026')).toBeInTheDocument();
      expect(within(preview).getByText('Un cliente de ejemplo con 6 sellos')).toBeInTheDocument();
    } finally {
      backToEnglish();
    }
  });
});
