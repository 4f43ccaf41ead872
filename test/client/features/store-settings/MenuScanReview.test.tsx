// After a menu scan, its new items stand beside the menu picture, each outlined where it was read: clicking
// an item shows its place, names and prices are corrected in place, and an unwanted item goes in one click.
import { screen, waitFor, within } from '@testing-library/react';
import { StoreSettingsDialog } from '../../../../src/features/store-settings/StoreSettingsDialog';
import { renderWithApp } from '../../render';
import { setupUser } from '../../support/browser';
import { FakeXhr, installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { vendorResponse, VENDOR_ID } from './vendorFixtures';

jest.setTimeout(20_000);

const token = sessionTokenFor(VENDOR_ID);
const VENDOR_URL = `/api/vendor/${VENDOR_ID}`;
const SCAN_URL = `${VENDOR_URL}/menu-scans/u1`;

const scanned = {
  newItems: [
    { _id: 'n1', name: 'FIA WHILE', price: 4.2, uploadId: 'u1' },
    { _id: 'n2', name: 'Croissant', price: 35, uploadId: 'u1' },
    { _id: 'n3', name: 'Served all day', price: 1, uploadId: 'u1' },
  ],
  uploadId: 'u1',
};
const review = {
  uploadId: 'u1',
  pages: [{ page: 0, width: 400, height: 600 }],
  regions: [
    { itemId: 'n1', page: 0, x: 0.1, y: 0.2, width: 0.5, height: 0.05 },
    { itemId: 'n2', page: 0, x: 0.1, y: 0.8, width: 0.6, height: 0.05 },
  ],
};

let fakeApi: FakeApi;
let restoreXhr: () => void;
let scrolls: jest.Mock;
beforeEach(() => {
  fakeApi = installFakeApi();
  fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
  fakeApi.on(`GET ${SCAN_URL}`, { status: 200, body: review });
  fakeApi.on(`GET ${SCAN_URL}/pages/0`, { status: 200, body: 'jpeg bytes' });
  restoreXhr = FakeXhr.install();
  // jsdom lays nothing out and has no scrollTo: record where the picture box was asked to scroll.
  scrolls = jest.fn();
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrolls });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fakeApi.restore();
  restoreXhr();
  delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
  jest.restoreAllMocks();
});

async function scanMenu(reply: object = scanned) {
  // Opened on Menu & Items, as the top bar's search opens it: the Setup tab's form is never drawn.
  renderWithApp(<StoreSettingsDialog open onClose={jest.fn()} initialTab="menu" />, { preloadedState: { session: { token } } });
  const user = setupUser();
  await screen.findByLabelText('Menu items');
  await user.upload(screen.getByLabelText('Upload your menu', { selector: 'input' }), new File([new Uint8Array([0x89, 0x50])], 'menu.png', { type: 'image/png' }));
  await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
  FakeXhr.last().respond(200, reply);
  await screen.findByRole('region', { name: 'Check the new items' });
  return user;
}

const reviewPane = () => screen.getByRole('region', { name: 'Check the new items' });
const reviewNames = () =>
  within(within(reviewPane()).getByRole('list', { name: 'New items from this menu' }))
    .getAllByRole('textbox', { name: /^Name of / })
    .map((input) => (input as HTMLInputElement).value);
const menuList = () => screen.getByLabelText('Menu items');
const menuRowTexts = () => Array.from(menuList().querySelectorAll('.sw-items__row')).map((row) => row.textContent);

describe('Menu & Items: checking a scan against the menu picture', () => {
  test('the new items stand beside the menu picture, each outlined where it was read; the result message is unchanged', async () => {
    await scanMenu();

    expect(screen.getByText('✅ Added 3 new item(s) from menu.')).toBeInTheDocument();
    const picture = await within(reviewPane()).findByRole('img', { name: 'Your menu' });
    expect(picture.getAttribute('src')).toMatch(/^data:/);
    expect(reviewNames()).toEqual(['FIA WHILE', 'Croissant', 'Served all day']);
    const outline = within(reviewPane()).getByRole('button', { name: 'FIA WHILE on the menu' });
    expect(outline.style).toMatchObject({ left: '10%', top: '20%', width: '50%', height: '5%' });
    expect(within(reviewPane()).getByRole('button', { name: 'Croissant on the menu' })).toBeInTheDocument();
    // Read without a place: nothing to show for it.
    expect(within(reviewPane()).queryByRole('button', { name: 'Served all day on the menu' })).not.toBeInTheDocument();
    expect(within(reviewPane()).getByRole('button', { name: 'Show where Served all day was read' })).toBeDisabled();
    // The pictures were asked for with the session, as an <img> alone cannot.
    expect(fakeApi.sent(`GET ${SCAN_URL}/pages/0`)[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  test('clicking an item highlights its outline and scrolls the picture to it', async () => {
    const user = await scanMenu();
    await within(reviewPane()).findByRole('img', { name: 'Your menu' });
    const outline = within(reviewPane()).getByRole('button', { name: 'Croissant on the menu' });
    expect(outline).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(reviewPane()).getByRole('button', { name: 'Show where Croissant was read' }));

    expect(outline).toHaveAttribute('aria-pressed', 'true');
    expect(outline).toHaveClass('sw-scan-review__outline--selected');
    expect(scrolls).toHaveBeenCalled();
    // Clicking an outline picks its item in the list too.
    await user.click(within(reviewPane()).getByRole('button', { name: 'FIA WHILE on the menu' }));
    expect(within(reviewPane()).getByRole('button', { name: 'Show where FIA WHILE was read' })).toHaveAttribute('aria-pressed', 'true');
    expect(outline).toHaveAttribute('aria-pressed', 'false');
  });

  test('Zoom in enlarges the picture inside its box and brings the selected item back into view', async () => {
    const user = await scanMenu();
    await within(reviewPane()).findByRole('img', { name: 'Your menu' });
    await user.click(within(reviewPane()).getByRole('button', { name: 'Show where Croissant was read' }));
    const scrollsBefore = scrolls.mock.calls.length;

    await user.click(within(reviewPane()).getByRole('button', { name: /Zoom in$/ }));

    expect(reviewPane().querySelector('.sw-scan-review__scroll')).toHaveClass('sw-scan-review__scroll--zoomed');
    expect(scrolls.mock.calls.length).toBeGreaterThan(scrollsBefore);
    await user.click(within(reviewPane()).getByRole('button', { name: /Fit to the box$/ }));
    expect(reviewPane().querySelector('.sw-scan-review__scroll')).not.toHaveClass('sw-scan-review__scroll--zoomed');
  });

  test('a name and a price corrected in place are saved and shown in the menu', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/update-item`, (request) => {
      const body = JSON.parse(request.body as string) as { itemId: string; itemName?: string; itemPrice?: number };
      const item = scanned.newItems.find((candidate) => candidate._id === body.itemId)!;
      return { status: 200, body: { item: { ...item, ...(body.itemName ? { name: body.itemName } : {}), ...(body.itemPrice !== undefined ? { price: body.itemPrice } : {}) } } };
    });
    const user = await scanMenu();

    const name = within(reviewPane()).getByRole('textbox', { name: 'Name of FIA WHILE' });
    // Each correction is entered in one go (a paste) and committed with Enter: each keystroke would re-render
    // the review and the menu beside it.
    await user.clear(name);
    await user.paste('Flat White Large');
    await user.keyboard('{Enter}');
    const price = within(reviewPane()).getByRole('textbox', { name: 'Price of Croissant' });
    await user.clear(price);
    await user.paste('3.50');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(fakeApi.sent(`POST ${VENDOR_URL}/update-item`)).toHaveLength(2));
    expect(fakeApi.sent(`POST ${VENDOR_URL}/update-item`).map((request) => JSON.parse(request.body as string))).toEqual([
      { itemId: 'n1', itemName: 'Flat White Large' },
      { itemId: 'n2', itemPrice: 3.5 },
    ]);
    await waitFor(() => expect(menuRowTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^Flat White Large\$4\.20/), expect.stringMatching(/^Croissant\$3\.50/)])));
  });

  test('a price of 0, or of 100,000 and more, is refused in place with the limits, and not sent', async () => {
    const user = await scanMenu();
    const price = within(reviewPane()).getByRole('textbox', { name: 'Price of Croissant' });
    for (const typed of ['0', '0.00', '100000', '250000']) {
      await user.clear(price);
      await user.paste(typed);
      await user.keyboard('{Enter}');
      expect(await within(reviewPane()).findByRole('alert')).toHaveTextContent('Enter a price more than 0 and less than $100,000, or leave it empty.');
    }
    expect(fakeApi.sent(`POST ${VENDOR_URL}/update-item`)).toHaveLength(0);
  });

  test('a blank name or a price that is not one is refused in place and not sent', async () => {
    const user = await scanMenu();

    const price = within(reviewPane()).getByRole('textbox', { name: 'Price of Croissant' });
    await user.clear(price);
    await user.paste('abc');
    await user.keyboard('{Enter}');
    expect(await within(reviewPane()).findByRole('alert')).toHaveTextContent('Enter a price such as 4.50, or leave it empty.');
    await user.clear(price);
    await user.paste('35');
    await user.keyboard('{Enter}');
    const name = within(reviewPane()).getByRole('textbox', { name: 'Name of FIA WHILE' });
    await user.clear(name);
    await user.paste('   ');
    await user.keyboard('{Enter}');
    expect(await within(reviewPane()).findByRole('alert')).toHaveTextContent('Enter a name.');

    expect(fakeApi.sent(`POST ${VENDOR_URL}/update-item`)).toHaveLength(0);
  });

  test('a correction the server refuses is put back and the vendor is told', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/update-item`, { status: 500, body: { error: 'boom' } });
    const user = await scanMenu();

    const price = within(reviewPane()).getByRole('textbox', { name: 'Price of Croissant' });
    await user.clear(price);
    await user.paste('3.50');
    await user.keyboard('{Enter}');

    expect(await within(reviewPane()).findByRole('alert')).toHaveTextContent('This change could not be saved. Please try again.');
    expect(menuRowTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^Croissant\$35\.00/)]));
  });

  test('one click removes an unwanted item: it leaves the review, its outline and the menu', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/delete-item`, { status: 200, body: { ok: true } });
    const user = await scanMenu();
    await within(reviewPane()).findByRole('img', { name: 'Your menu' });

    await user.click(within(reviewPane()).getByRole('button', { name: 'Remove Croissant' }));

    expect(reviewNames()).toEqual(['FIA WHILE', 'Served all day']);
    expect(within(reviewPane()).queryByRole('button', { name: 'Croissant on the menu' })).not.toBeInTheDocument();
    expect(menuRowTexts().some((text) => text?.startsWith('Croissant'))).toBe(false);
    await waitFor(() => expect(fakeApi.sent(`POST ${VENDOR_URL}/delete-item`)).toHaveLength(1));
    expect(JSON.parse(fakeApi.sent(`POST ${VENDOR_URL}/delete-item`)[0]!.body as string)).toEqual({ itemId: 'n2' });
  });

  test('a PDF read from its text has no picture: the items can still be corrected', async () => {
    fakeApi.on(`GET ${SCAN_URL}`, { status: 200, body: { uploadId: 'u1', pages: [], regions: [] } });
    await scanMenu();

    expect(await within(reviewPane()).findByText(/no picture to show/)).toBeInTheDocument();
    expect(reviewNames()).toEqual(['FIA WHILE', 'Croissant', 'Served all day']);
  });

  test('no review when the scan added nothing', async () => {
    renderWithApp(<StoreSettingsDialog open onClose={jest.fn()} initialTab="menu" />, { preloadedState: { session: { token } } });
    const user = setupUser();
    await screen.findByLabelText('Menu items');
    await user.upload(screen.getByLabelText('Upload your menu', { selector: 'input' }), new File([new Uint8Array([0x89, 0x50])], 'menu.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.last().respond(200, { newItems: [], uploadId: 'u2' });

    expect(await screen.findByText('⚠️ No items found in this menu.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Check the new items' })).not.toBeInTheDocument();
  });
});
