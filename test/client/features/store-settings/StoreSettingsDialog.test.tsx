// Store Settings dialog: loading, load failure, tabs and their buttons, Save's multipart form.
import { screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '../../../../src/app/store';
import { StoreSettingsDialog } from '../../../../src/features/store-settings/StoreSettingsDialog';
import { vendorApi } from '../../../../src/features/store-settings/vendorApi';
import { renderWithApp } from '../../render';
import { setupUser } from '../../support/browser';
import { deferred, installFakeApi, type FakeApi, type Reply } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { findTab, getButton, getTab, queryButton, queryTab } from './dom';
import { vendorResponse, VENDOR_ID } from './vendorFixtures';

const token = sessionTokenFor(VENDOR_ID);
const VENDOR_URL = `/api/vendor/${VENDOR_ID}`;

// Each test renders the whole dialog with antd; on the shared 2-core machine that can take several seconds.
jest.setTimeout(20_000);

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fakeApi.restore();
  jest.restoreAllMocks();
});

function renderDialog(onClose = jest.fn()) {
  const view = renderWithApp(<StoreSettingsDialog open onClose={onClose} />, { preloadedState: { session: { token } } });
  return { ...view, onClose, user: setupUser() };
}

const vendorLoads = () => fakeApi.requests.filter((request) => request.method === 'GET' && request.path === VENDOR_URL);


/**
 * Picks euros in the currency select as an owner does: open it, search for the name, click the option. The
 * search is entered in one go (a paste): each keystroke would filter and re-render some 170 options.
 */
async function chooseEuro(user: ReturnType<typeof setupUser>): Promise<void> {
  await user.click(screen.getByLabelText('Currency'));
  await user.paste('euro');
  const euro = await waitFor(() => {
    const option = document.querySelector<HTMLElement>('.ant-select-item-option[title="EUR — Euro"]');
    expect(option).not.toBeNull();
    return option as HTMLElement;
  });
  await user.click(euro);
}
describe('StoreSettingsDialog', () => {
  test("shows 'Loading...' until the vendor has loaded, then the profile", async () => {
    const reply = deferred<Reply>();
    fakeApi.on(`GET ${VENDOR_URL}`, () => reply.promise);
    renderDialog();

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(queryTab('Setup')).not.toBeInTheDocument();
    expect(vendorLoads()[0].headers.get('authorization')).toBe(`Bearer ${token}`);

    reply.resolve({ status: 200, body: vendorResponse() });
    expect(await screen.findByLabelText('Company')).toHaveValue('Corner Coffee');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
    expect(screen.getByLabelText('Opening Hours')).toHaveValue('Mon–Fri 7–18');
    expect(screen.getByLabelText('Website')).toHaveValue('corner.coffee');
    expect(screen.getByAltText('Logo preview')).toHaveAttribute('src', '/images/logo-abc.png');
  });

  test('a load failure is only logged and loading ends', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 500, body: { error: 'Internal Server Error' } });
    renderDialog();

    expect(await findTab('Setup')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Failed to load store settings', expect.objectContaining({ status: 500 }));
    // Nothing was loaded, so an empty form must not be saved over the real profile.
    expect(getButton('Save')).toBeDisabled();
  });

  test('names who last saved the settings on the Setup tab', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: { ...vendorResponse(), vendor: { ...vendorResponse().vendor, settingsChangedBy: 'Maria' } } });
    renderDialog();
    expect(await screen.findByText('Last changed by Maria')).toBeInTheDocument();
  });

  test('says nothing about who changed the settings before anyone of the team did', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    renderDialog();
    await screen.findByLabelText('Company');
    expect(screen.queryByTestId('settings-changed-by')).not.toBeInTheDocument();
  });

  test('Cancel on every tab, Save on Setup only', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');

    expect(queryButton('Save')).toBeInTheDocument();
    for (const tab of ['Preview', 'Menu & Items']) {
      await user.click(getTab(tab));
      expect(queryButton('Save')).not.toBeInTheDocument();
      expect(queryButton('Cancel')).toBeInTheDocument();
    }
    await user.click(getTab('Setup'));
    await user.click(getButton('Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fakeApi.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  test('a click beside the dialog keeps it open with the edits; Escape still closes it', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    const { user, onClose } = renderDialog();
    const company = await screen.findByLabelText('Company');
    await user.clear(company);
    await user.paste('Harbour Roasters');

    const wrap = document.querySelector('.ant-modal-wrap');
    expect(wrap).not.toBeNull();
    await user.click(wrap as Element);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Company')).toHaveValue('Harbour Roasters');

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('Save sends the multipart form with the cover as `cover`, closes, and refreshes the vendor', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 200, body: { ok: true } });
    const { user, onClose } = renderDialog();
    const company = await screen.findByLabelText('Company');

    await user.clear(company);
    await user.click(company);
    await user.paste('Corner Coffee & Cake');
    await user.clear(screen.getByLabelText('Opening Hours'));
    await user.paste('Daily 8–20');
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    const cover = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cover.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Logo'), logo);
    await user.upload(screen.getByLabelText('Cover image'), cover);
    await user.click(getButton('Save'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const save = fakeApi.requests.find((request) => request.method === 'POST' && request.path === VENDOR_URL);
    expect(save?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(save?.body).toBeInstanceOf(FormData);
    const form = save?.body as FormData;
    expect(form.get('company')).toBe('Corner Coffee & Cake');
    expect(form.get('address')).toBe('1 Main Street');
    expect(form.get('open_hours')).toBe('Daily 8–20');
    expect(form.get('website')).toBe('corner.coffee');
    expect(form.get('currency')).toBe('USD');
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect((form.get('cover') as File).name).toBe('cover.jpg');
    expect(form.has('banner')).toBe(false);
    // The 'Vendor' tag is invalidated, so whatever shows the vendor (the nav bar) loads it again.
    await waitFor(() => expect(vendorLoads()).toHaveLength(2));
  });

  test('Save without new images sends no file fields', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 204 });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');
    await user.click(getButton('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = fakeApi.requests.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.has('logo')).toBe(false);
    expect(form.has('cover')).toBe(false);
  });

  test('a logo the server refuses (415) is named in a message and the preview goes back to the saved logo', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 415, body: { error: 'Logo must be PNG, JPEG or WebP.' } });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');
    const logo = new File([new Uint8Array([0x00, 0x01])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Logo'), logo);
    await user.click(getButton('Save'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: Logo must be PNG, JPEG or WebP.');
    expect(screen.getByAltText('Logo preview')).toHaveAttribute('src', '/images/logo-abc.png');
    expect(onClose).not.toHaveBeenCalled();
    // The refused file is dropped: the next Save does not send it again.
    await user.click(getButton('Save'));
    await waitFor(() => expect(fakeApi.requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    const [first, second] = fakeApi.requests.filter((request) => request.method === 'POST').map((request) => request.body as FormData);
    expect(first.has('logo')).toBe(true);
    expect(second.has('logo')).toBe(false);
    expect(console.error).toHaveBeenCalledWith('Failed to save store settings', expect.objectContaining({ status: 415 }));
  });

  test('a failed Save is logged, says so, and the dialog stays open', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 500, body: { error: 'Internal Server Error' } });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');
    await user.click(getButton('Save'));

    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to save store settings', expect.objectContaining({ status: 500 })));
    // Not silent any more.
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: something went wrong. Please try again.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Company')).toHaveValue('Corner Coffee');
  });

  test('a Save the server refuses field by field marks those fields', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    fakeApi.on(`POST ${VENDOR_URL}`, {
      status: 400,
      body: { error: 'Company is required.', details: [{ field: 'company', message: 'Company is required.' }] },
    });
    const { user, onClose } = renderDialog();
    await user.clear(await screen.findByLabelText('Company'));
    await user.click(getButton('Save'));

    expect(await screen.findByText('Company is required.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Failed to save store settings', expect.objectContaining({ status: 400 }));
    expect(onClose).not.toHaveBeenCalled();
  });

  test("the store's currency is chosen from ISO 4217 codes named in the viewer's language, found by name, and saved", async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 200, body: {} });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');
    expect(screen.getByText('USD — US Dollar')).toBeInTheDocument();

    await chooseEuro(user);
    await user.click(getTab('Preview'));
    // The preview shows the unsaved choice: the menu's price in euros.
    expect(within(screen.getByLabelText('Corner Coffee store preview')).getByText('€4.20')).toBeInTheDocument();
    await user.click(getTab('Setup'));
    await user.click(getButton('Save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = fakeApi.requests.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.get('currency')).toBe('EUR');
  });

  test("a reload of the profile that answers after the owner chose a currency leaves the choice in the form, and Save sends it", async () => {
    // The dialog shows the profile the page already had and asks the server again as it opens; on a busy
    // machine that answer comes after the owner picked euros.
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 200, body: {} });
    const store = makeStore({ session: { token } });
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    await store.dispatch(vendorApi.endpoints.getVendor.initiate(VENDOR_ID));
    const reload = deferred<Reply>();
    fakeApi.on(`GET ${VENDOR_URL}`, () => reload.promise);
    const onClose = jest.fn();
    renderWithApp(<StoreSettingsDialog open onClose={onClose} />, { store });
    const user = setupUser();
    await screen.findByLabelText('Company');
    await waitFor(() => expect(vendorLoads()).toHaveLength(2));

    await chooseEuro(user);
    // The server's answer differs from the cached one (a teammate saved meanwhile): the owner's choice stays.
    reload.resolve({ status: 200, body: { ...vendorResponse(), vendor: { ...vendorResponse().vendor, settingsChangedBy: 'Ana' } } });
    await screen.findByTestId('settings-changed-by');
    await user.click(getButton('Save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = fakeApi.requests.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.get('currency')).toBe('EUR');
  });

  test('a currency the server refuses is marked under the currency select', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    const refusal = 'Currency must be an ISO 4217 currency code such as USD, EUR or GBP.';
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 400, body: { error: refusal, details: [{ field: 'currency', message: refusal }] } });
    const { user } = renderDialog();
    await screen.findByLabelText('Company');
    await user.click(getButton('Save'));

    const help = await screen.findByText(refusal, { selector: '.ant-form-item-explain-error' });
    expect(help.closest('.ant-form-item')?.querySelector('#store-currency')).not.toBeNull();
  });

  test("a store that never chose a time zone starts with the browser's, and Save stores it", async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse({ timeZone: null }) });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 200, body: {} });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const field = screen.getByLabelText('Time zone').closest('.ant-form-item') as HTMLElement;
    expect(within(field).getByText(browserZone.replaceAll('_', ' '))).toBeInTheDocument();
    expect(within(field).getByText('Campaign messages wait for the morning here: none are sent between 21:00 and 08:00.')).toBeInTheDocument();

    await user.click(getButton('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = fakeApi.requests.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.get('timeZone')).toBe(browserZone);
  });

  test("the store's time zone is found by typing its city, and saved by its IANA name", async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse({ timeZone: 'UTC' }) });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 200, body: {} });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');
    await user.click(screen.getByLabelText('Time zone'));
    await user.paste('new york');
    const newYork = await waitFor(() => {
      const option = document.querySelector<HTMLElement>('.ant-select-item-option[title="America/New York"]');
      expect(option).not.toBeNull();
      return option as HTMLElement;
    });
    await user.click(newYork);
    await user.click(getButton('Save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = fakeApi.requests.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.get('timeZone')).toBe('America/New_York');
  });

  test('a time zone the server refuses is marked under the time zone select', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse({ timeZone: 'UTC' }) });
    const refusal = 'Time zone must be an IANA time zone such as Europe/Paris, America/New_York or UTC.';
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 400, body: { error: refusal, details: [{ field: 'timeZone', message: refusal }] } });
    const { user } = renderDialog();
    await screen.findByLabelText('Company');
    await user.click(getButton('Save'));

    const help = await screen.findByText(refusal, { selector: '.ant-form-item-explain-error' });
    expect(help.closest('.ant-form-item')?.querySelector('#store-time-zone')).not.toBeNull();
  });

  test('the logo and cover pickers take image files only', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    fakeApi.on(`POST ${VENDOR_URL}`, { status: 200, body: {} });
    const { user, onClose } = renderDialog();
    await screen.findByLabelText('Company');
    expect(screen.getByLabelText('Logo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Cover image')).toHaveAttribute('accept', 'image/*');

    // Dropped files and "All files" in the system dialog bypass `accept`.
    const notAnImage = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await setupUser({ applyAccept: false }).upload(screen.getByLabelText('Logo'), notAnImage);
    expect((await screen.findByText('Please choose an image file (PNG, JPEG or WebP).')).closest('[role=alert]')).not.toBeNull();

    await user.click(getButton('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = fakeApi.requests.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.has('logo')).toBe(false);
  });

  test('Preview shows the store as a customer sees it, with unsaved edits and $ prices', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
    const { user } = renderDialog();
    const company = await screen.findByLabelText('Company');
    await user.clear(company);
    await user.paste('Bean There');
    await user.click(getTab('Preview'));

    const card = screen.getByLabelText('Bean There store preview');
    expect(within(card).getByRole('heading', { level: 3, name: 'Bean There' })).toBeInTheDocument();
    expect(within(card).getByAltText('Bean There logo')).toHaveAttribute('src', '/images/logo-abc.png');
    expect(within(card).getByText('1 Main Street')).toBeInTheDocument();
    expect(within(card).getByText('Mon–Fri 7–18')).toBeInTheDocument();
    expect(within(card).getByText('corner.coffee', { selector: 'a' })).toHaveAttribute('href', 'https://corner.coffee/');
    expect(within(card).getByText('Flat White')).toBeInTheDocument();
    expect(within(card).getByText('$4.20')).toBeInTheDocument();
    expect(within(card).getByText('Tap Water')).toBeInTheDocument();
    expect(within(card).getAllByText(/^\$/)).toHaveLength(1);
    // The menu list scrolls, so the keyboard can reach it; it is named by its heading.
    const menu = within(card).getByRole('list', { name: 'Menu' });
    expect(menu).toHaveAttribute('tabindex', '0');
  });
});
