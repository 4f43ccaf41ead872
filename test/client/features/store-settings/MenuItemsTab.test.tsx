// Menu & Items tab: $ prices, add and delete (optimistic, no rollback), menu upload messages.
import { screen, waitFor, within } from '@testing-library/react';
import { StoreSettingsDialog } from '../../../../src/features/store-settings/StoreSettingsDialog';
import { vendorApi } from '../../../../src/features/store-settings/vendorApi';
import type { AppStore } from '../../../../src/app/store';
import { renderWithApp } from '../../render';
import { setupUser, type User } from '../../support/browser';
import { deferred, FakeXhr, installFakeApi, type FakeApi, type Reply } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { getButton, getTab, queryButton } from './dom';
import { pageLanguage } from '../../support/pageLanguage';
import { vendorResponse, VENDOR_ID } from './vendorFixtures';

// Each test renders the whole dialog with antd; on the shared 2-core machine that can take several seconds.
jest.setTimeout(20_000);

const token = sessionTokenFor(VENDOR_ID);
const VENDOR_URL = `/api/vendor/${VENDOR_ID}`;

let fakeApi: FakeApi;
let restoreXhr: () => void;
beforeEach(() => {
  fakeApi = installFakeApi();
  fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse() });
  restoreXhr = FakeXhr.install();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fakeApi.restore();
  restoreXhr();
  jest.restoreAllMocks();
});

/** What the vendor reads on the dialog, in the page's language. */
const ENGLISH = { menuTab: 'Menu & Items', itemName: 'Item name', price: 'Price', add: 'Add', itemList: 'Menu items' };
const FRENCH = { menuTab: 'Carte et produits', itemName: 'Nom du produit', price: 'Prix', add: 'Ajouter', itemList: 'Produits de la carte' };
type DialogWords = typeof ENGLISH;

/**
 * The dialog opened on Menu & Items, as the top bar's search opens it: the Setup tab's form is never drawn (its
 * tab switch is StoreSettingsDialog.test.tsx's), and that form was most of each test's rendering.
 */
async function openMenuTab(words: DialogWords = ENGLISH) {
  const view = renderWithApp(<StoreSettingsDialog open onClose={jest.fn()} initialTab="menu" />, { preloadedState: { session: { token } } });
  const user = setupUser();
  await screen.findByLabelText(words.itemList);
  expect(getTab(words.menuTab)).toHaveAttribute('aria-selected', 'true');
  return { ...view, user };
}

const itemList = (words: DialogWords = ENGLISH) => screen.getByLabelText(words.itemList);
const itemNames = () => within(itemList()).queryAllByText(/.+/, { selector: '.sw-items__name' }).map((node) => node.textContent);
const cachedItems = (store: AppStore) => vendorApi.endpoints.getVendor.select(VENDOR_ID)(store.getState()).data?.items;
const posts = (path: string) => fakeApi.requests.filter((request) => request.method === 'POST' && request.path === `${VENDOR_URL}/${path}`);

async function typeItem(user: User, name: string, price: string, words: DialogWords = ENGLISH) {
  if (name) {
    await user.click(screen.getByLabelText(words.itemName));
    await user.paste(name);
  }
  if (price) {
    await user.click(screen.getByLabelText(words.price));
    await user.paste(price);
  }
  await user.click(getButton(words.add));
}

describe('Menu & Items: the list', () => {
  test('prices show with a $ prefix and two decimals; no price shows nothing', async () => {
    await openMenuTab();
    const rows = within(itemList()).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.sw-items__price')?.textContent)).toEqual(['$4.20', '']);
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
  });
});

describe('Menu & Items: add item', () => {
  test('a blank name does nothing', async () => {
    const { user } = await openMenuTab();
    await user.click(screen.getByLabelText('Item name'));
    await user.paste('   ');
    await typeItem(user, '', '3');
    expect(posts('add-item')).toHaveLength(0);
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
    expect(screen.queryByText('Price must be a valid number')).not.toBeInTheDocument();
  });

  test("a price that is not a number shows 'Price must be a valid number' with a cross mark and adds nothing", async () => {
    const { user } = await openMenuTab();
    await typeItem(user, 'Muffin', 'three');

    const alert = (await screen.findByText('Price must be a valid number')).closest('[role=alert]');
    expect(alert).not.toBeNull();
    expect(alert?.querySelector('.anticon-close-circle')).not.toBeNull();
    expect(posts('add-item')).toHaveLength(0);
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
    // What the vendor typed stays, so the price can be corrected.
    expect(screen.getByLabelText('Item name')).toHaveValue('Muffin');
  });

  test.each(['0', '0,00', '100000', '100000.00', '1234567'])("a price of %p shows 'Price must be more than 0 and less than $100,000' and adds nothing", async (typed) => {
    const { user } = await openMenuTab();
    await typeItem(user, 'Muffin', typed);

    const alert = (await screen.findByText('Price must be more than 0 and less than $100,000')).closest('[role=alert]');
    expect(alert?.querySelector('.anticon-close-circle')).not.toBeNull();
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(posts('add-item')).toHaveLength(0);
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
  });

  test('a price of 0.01 and one of 99,999.99 are added', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, { status: 201, body: { item: { _id: 'srv-9', name: 'Mint', price: 0.01 } } });
    const { user } = await openMenuTab();
    await typeItem(user, 'Mint', '0.01');
    await typeItem(user, 'Feast', '99,999.99');
    await waitFor(() => expect(posts('add-item')).toHaveLength(2));
    expect(posts('add-item').map((request) => JSON.parse(request.body as string).itemPrice)).toEqual([0.01, 99999.99]);
  });

  test('an empty price is allowed and sent as empty', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, { status: 201, body: { item: { _id: 'srv-9', name: 'Napkin', price: '' } } });
    const { user } = await openMenuTab();
    await typeItem(user, 'Napkin', '');
    await waitFor(() => expect(posts('add-item')).toHaveLength(1));
    expect(JSON.parse(posts('add-item')[0].body as string)).toEqual({ itemName: 'Napkin', itemPrice: '' });
    expect(itemNames()).toEqual(['Flat White', 'Tap Water', 'Napkin']);
  });

  test('the item shows at once under a time-based temporary id, then takes the id the server gave it', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_767_225_600_000);
    const reply = deferred<Reply>();
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, () => reply.promise);
    const { user, store } = await openMenuTab();

    await typeItem(user, '  Banana Bread ', '3.5');
    expect(await within(itemList()).findByText('Banana Bread')).toBeInTheDocument();
    expect(within(itemList()).getByText('$3.50')).toBeInTheDocument();
    expect(cachedItems(store)?.at(-1)).toEqual({ _id: 'temp-1767225600000', name: 'Banana Bread', price: 3.5 });
    expect(JSON.parse(posts('add-item')[0].body as string)).toEqual({ itemName: 'Banana Bread', itemPrice: 3.5 });
    // The inputs are cleared for the next item.
    expect(screen.getByLabelText('Item name')).toHaveValue('');
    expect(screen.getByLabelText('Price')).toHaveValue('');

    reply.resolve({ status: 201, body: { item: { _id: 'srv-1', name: 'Banana Bread', price: 3.5 } } });
    await waitFor(() => expect(cachedItems(store)?.at(-1)?._id).toBe('srv-1'));
  });

  test('a new item is scrolled into view in the list, and "$0.60" is a price', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = jest.fn(function (this: Element) {
      scrolled.push(this);
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true, writable: true });
    try {
      fakeApi.on(`POST ${VENDOR_URL}/add-item`, () => new Promise<Reply>(() => undefined));
      const { user } = await openMenuTab();
      await typeItem(user, 'Orange Juice', '$0.60');
      await waitFor(() => expect(itemNames()).toEqual(['Flat White', 'Tap Water', 'Orange Juice']));
      expect(JSON.parse(posts('add-item')[0].body as string)).toEqual({ itemName: 'Orange Juice', itemPrice: 0.6 });
      await waitFor(() => expect(scrolled.map((node) => node.textContent)).toContainEqual(expect.stringContaining('Orange Juice')));
    } finally {
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  test('a refused add says so beside the form, with the reason', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, { status: 400, body: { error: 'Item name is too long.' } });
    const { user } = await openMenuTab();
    await typeItem(user, 'Scone', '2');
    expect(await screen.findByRole('alert')).toHaveTextContent('"Scone" was not saved: Item name is too long.');
  });

  test('a failed add is logged, and the item stays (no rollback)', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, { status: 500, body: { error: 'Internal Server Error' } });
    const { user, store } = await openMenuTab();
    await typeItem(user, 'Scone', '2');

    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to add item', expect.objectContaining({ error: expect.objectContaining({ status: 500 }) })));
    // The cache is not rolled back...
    expect(cachedItems(store)?.map((item) => item.name)).toEqual(['Flat White', 'Tap Water', 'Scone']);
    // ...and the list shows it. RTK batches the optimistic patch's notification to the next animation frame,
    // which can come after the failure under load, so the list is awaited rather than read at once.
    await waitFor(() => expect(itemNames()).toEqual(['Flat White', 'Tap Water', 'Scone']));
  });
});

describe("Menu & Items: the store's currency in the vendor's locale", () => {
  const spaces = (text: string | null | undefined) => text?.replace(/\s/g, ' ');
  let backToEnglish: (() => void) | undefined;
  afterEach(() => {
    backToEnglish?.();
    backToEnglish = undefined;
  });

  test('a euro store seen in French: French words, prices read "4,20 €", the price box writes € after the amount and reads "3,50 €" as 3.5', async () => {
    backToEnglish = pageLanguage('fr', ['fr-FR']);
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse({ currency: 'EUR' }) });
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, () => new Promise<Reply>(() => undefined));
    const { user } = await openMenuTab(FRENCH);

    expect(screen.getByRole('dialog', { name: 'Paramètres du commerce' })).toBeInTheDocument();
    const prices = () => [...itemList(FRENCH).querySelectorAll('.sw-items__price')].map((node) => spaces(node.textContent));
    expect(prices()).toEqual(['4,20 €', '']);
    const priceBox = screen.getByLabelText(FRENCH.price);
    expect(priceBox).toHaveAttribute('placeholder', '0,00');
    expect(spaces(priceBox.closest('.ant-input-affix-wrapper')?.querySelector('.ant-input-suffix')?.textContent)).toBe('€');

    await typeItem(user, 'Chausson aux pommes', '3,50 €', FRENCH);
    await waitFor(() => expect(posts('add-item')).toHaveLength(1));
    expect(JSON.parse(posts('add-item')[0].body as string)).toEqual({ itemName: 'Chausson aux pommes', itemPrice: 3.5 });
    await waitFor(() => expect(prices()).toEqual(['4,20 €', '', '3,50 €']));
  });

  test('"€3.50" typed the Irish way is a price of a euro store too', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-IE']);
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse({ currency: 'EUR' }) });
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, () => new Promise<Reply>(() => undefined));
    const { user } = await openMenuTab();

    await typeItem(user, 'Scone', '€3.50');
    await waitFor(() => expect(posts('add-item')).toHaveLength(1));
    expect(JSON.parse(posts('add-item')[0].body as string)).toEqual({ itemName: 'Scone', itemPrice: 3.5 });
    expect(await within(itemList()).findByText('€3.50')).toBeInTheDocument();
  });
});

describe('Menu & Items: a currency without decimals has its own limit', () => {
  const spaces = (text: string | null | undefined) => text?.replace(/\s/g, ' ');
  const prices = () => [...itemList().querySelectorAll('.sw-items__price')].map((node) => spaces(node.textContent));
  const hanoi = () => vendorResponse({ currency: 'VND', items: [{ _id: 'v1', name: 'Phở bò', price: 65000 }] });

  test.each([
    ['65.000', 65000],
    ['65,000', 65000],
    ['65000', 65000],
    ['65.000 ₫', 65000],
    ['₫1.250.000', 1250000],
    ['999.999.999', 999999999],
  ])('a dong store typed %p on an English page adds %p dong', async (typed, price) => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: hanoi() });
    fakeApi.on(`POST ${VENDOR_URL}/add-item`, () => new Promise<Reply>(() => undefined));
    const { user } = await openMenuTab();
    expect(screen.getByLabelText('Price')).toHaveAttribute('placeholder', '0');

    await typeItem(user, 'Bún chả', typed);
    await waitFor(() => expect(posts('add-item')).toHaveLength(1));
    expect(JSON.parse(posts('add-item')[0].body as string)).toEqual({ itemName: 'Bún chả', itemPrice: price });
  });

  test('its prices show no decimals, and its limit is named in dong', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: hanoi() });
    const { user } = await openMenuTab();
    expect(prices()).toEqual(['₫65,000']);

    await typeItem(user, 'Rượu vang', '1.000.000.000');
    expect(await screen.findByText('Price must be more than 0 and less than ₫1,000,000,000')).toBeInTheDocument();
    expect(posts('add-item')).toHaveLength(0);
  });

  test('the edit box holds the price without decimals and the same limit', async () => {
    fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: hanoi() });
    fakeApi.on(`POST ${VENDOR_URL}/update-item`, { status: 200, body: { item: { _id: 'v1', name: 'Phở bò', price: 70000 } } });
    const { user } = await openMenuTab();
    await user.click(screen.getByLabelText('Edit Phở bò'));
    const price = screen.getByLabelText('Price of Phở bò');
    expect(price).toHaveValue('65000');
    await user.clear(price);
    await user.paste('1000000000');
    await user.click(getButton('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a price more than 0 and less than ₫1,000,000,000, or leave it empty.');
    await user.clear(price);
    await user.paste('70.000');
    await user.click(getButton('Save'));
    await waitFor(() => expect(posts('update-item')).toHaveLength(1));
    expect(JSON.parse(String(posts('update-item')[0].body))).toEqual({ itemId: 'v1', itemPrice: 70000 });
  });

  test('a won store in French: "26 000 ₩", and "26 000" typed the French way', async () => {
    const backToEnglish = pageLanguage('fr', ['fr-FR']);
    try {
      fakeApi.on(`GET ${VENDOR_URL}`, { status: 200, body: vendorResponse({ currency: 'KRW', items: [{ _id: 'k1', name: 'Kimchi-jjigae', price: 26000 }] }) });
      fakeApi.on(`POST ${VENDOR_URL}/add-item`, () => new Promise<Reply>(() => undefined));
      const { user } = await openMenuTab(FRENCH);
      expect([...itemList(FRENCH).querySelectorAll('.sw-items__price')].map((node) => spaces(node.textContent))).toEqual(['26 000 ₩']);

      await typeItem(user, 'Bulgogi', '32 000', FRENCH);
      await waitFor(() => expect(posts('add-item')).toHaveLength(1));
      expect(JSON.parse(posts('add-item')[0].body as string)).toEqual({ itemName: 'Bulgogi', itemPrice: 32000 });
    } finally {
      backToEnglish();
    }
  });
});

describe('Menu & Items: edit item', () => {
  test('Edit turns the row into its name and price; Save sends the change through update-item and the list shows it', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/update-item`, { status: 200, body: { item: { _id: 'i1', name: 'Portion Obstsalat', price: 5.5 } } });
    const { user } = await openMenuTab();
    await user.click(screen.getByLabelText('Edit Flat White'));
    const name = screen.getByLabelText('Name of Flat White');
    expect(name).toHaveValue('Flat White');
    await user.clear(name);
    await user.paste('Portion  Obstsalat');
    const price = screen.getByLabelText('Price of Flat White');
    await user.clear(price);
    await user.paste('5.50');
    await user.click(getButton('Save'));
    await waitFor(() => expect(itemNames()).toEqual(['Portion Obstsalat', 'Tap Water']));
    expect(JSON.parse(String(posts('update-item')[0].body))).toEqual({ itemId: 'i1', itemName: 'Portion Obstsalat', itemPrice: 5.5 });
    expect(screen.queryByLabelText('Name of Flat White')).not.toBeInTheDocument();
  });

  test('a blank name or a price that is not one is refused in place, as adding refuses it, and not sent; Cancel keeps the item', async () => {
    const { user } = await openMenuTab();
    await user.click(screen.getByLabelText('Edit Flat White'));
    await user.clear(screen.getByLabelText('Name of Flat White'));
    await user.click(getButton('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name.');
    await user.click(screen.getByLabelText('Name of Flat White'));
    await user.paste('Flat White');
    const price = screen.getByLabelText('Price of Flat White');
    await user.clear(price);
    await user.paste('abc');
    await user.click(getButton('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a price such as 4.50, or leave it empty.');
    await user.clear(price);
    await user.paste('0');
    await user.click(getButton('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a price more than 0 and less than $100,000, or leave it empty.');
    await user.clear(price);
    await user.paste('100000');
    await user.click(getButton('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a price more than 0 and less than $100,000, or leave it empty.');
    expect(posts('update-item')).toHaveLength(0);
    await user.click(getButton('Cancel'));
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
  });
});

describe('Menu & Items: delete item', () => {
  test('asks "Are you sure you want to delete "{name}"?" and removes the item before the server answers', async () => {
    const reply = deferred<Reply>();
    fakeApi.on(`POST ${VENDOR_URL}/delete-item`, () => reply.promise);
    const { user } = await openMenuTab();

    await user.click(screen.getByLabelText('Delete Flat White'));
    const question = await screen.findByText('Are you sure you want to delete "Flat White"?');
    // Bounded box (see storeSettings.css): a 120-character name wraps inside it instead of pushing it off screen.
    expect(question.closest('.ant-popover')).toHaveClass('sw-items__confirm');
    expect(posts('delete-item')).toHaveLength(0);
    await user.click(getButton('Delete'));

    await waitFor(() => expect(itemNames()).toEqual(['Tap Water']));
    expect(JSON.parse(posts('delete-item')[0].body as string)).toEqual({ itemId: 'i1' });
    reply.resolve({ status: 200, body: { ok: true } });
  });

  test('deleting the qualifying item of the live reward warns that the card changes', async () => {
    fakeApi.on(`GET /api/rewards/${VENDOR_ID}`, {
      status: 200,
      body: { reward: { stamps: 8, item: 'i1', itemCustom: null, expiry: '2030-01-01' }, items: [{ _id: 'i1', name: 'Flat White' }] },
    });
    const { user } = await openMenuTab();
    await user.click(screen.getByLabelText('Delete Flat White'));
    expect(await screen.findByText(/Your live reward is for Flat White\. Deleting it changes the card customers see to "qualifying items"/)).toBeInTheDocument();
    await user.click(getButton('Cancel'));
    await user.click(screen.getByLabelText('Delete Tap Water'));
    await screen.findByText('Are you sure you want to delete "Tap Water"?');
    expect(screen.queryByText(/Your live reward is for Tap Water/)).not.toBeInTheDocument();
  });

  test('cancelling the confirmation keeps the item', async () => {
    const { user } = await openMenuTab();
    await user.click(screen.getByLabelText('Delete Tap Water'));
    await screen.findByText('Are you sure you want to delete "Tap Water"?');
    const popup = screen.getByText('Are you sure you want to delete "Tap Water"?').closest('.ant-popover') as HTMLElement;
    await user.click(within(popup).getByText('Cancel'));
    expect(posts('delete-item')).toHaveLength(0);
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
  });

  test('a failed delete is only logged and the item stays deleted (no rollback)', async () => {
    fakeApi.on(`POST ${VENDOR_URL}/delete-item`, { status: 500, body: { error: 'Internal Server Error' } });
    const { user, store } = await openMenuTab();
    await user.click(screen.getByLabelText('Delete Flat White'));
    await screen.findByText('Are you sure you want to delete "Flat White"?');
    await user.click(getButton('Delete'));

    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to delete item', expect.objectContaining({ error: expect.objectContaining({ status: 500 }) })));
    // The cache is not rolled back, and the list follows it. As for a failed add: the optimistic patch's
    // notification is batched to the next animation frame, which can come after the failure under load.
    expect(cachedItems(store)?.map((item) => item.name)).toEqual(['Tap Water']);
    await waitFor(() => expect(itemNames()).toEqual(['Tap Water']));
  });
});

describe('Menu & Items: menu upload', () => {
  const menuImage = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'menu.png', { type: 'image/png' });

  async function startUpload() {
    const view = await openMenuTab();
    const input = screen.getByLabelText('Upload your menu', { selector: 'input' }) as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.pdf,image/png,image/jpeg');
    await view.user.upload(input, menuImage());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    return { ...view, xhr: FakeXhr.last() };
  }

  test("while scanning: 'Scanning menu with AI...' with a spinner, upload progress, and the button disabled", async () => {
    const { xhr } = await startUpload();
    expect(await screen.findByText('Scanning menu with AI...')).toBeInTheDocument();
    expect(document.querySelector('.sw-menu-upload .ant-spin')).not.toBeNull();
    expect(getButton('Upload menu')).toBeDisabled();
    // The file input is replaced after each pick (and loses its label while disabled), so look it up again.
    expect(document.querySelector('.sw-menu-upload input[type=file]')).toBeDisabled();

    xhr.progress(300, 1000);
    expect(await screen.findByLabelText('Uploading menu.png')).toHaveAttribute('aria-valuenow', '30');
    xhr.progress(1000, 1000);
    await waitFor(() => expect(screen.queryByLabelText('Uploading menu.png')).not.toBeInTheDocument());
    expect(screen.getByText('Scanning menu with AI...')).toBeInTheDocument();

    xhr.respond(200, { newItems: [] });
    await waitFor(() => expect(getButton('Upload menu')).toBeEnabled());
    expect(screen.queryByText('Scanning menu with AI...')).not.toBeInTheDocument();
  });

  test("success: '✅ Added {n} new item(s) from menu.' and the new items are in the list", async () => {
    const { xhr } = await startUpload();
    xhr.respond(200, {
      newItems: [
        { _id: 'n1', name: 'Croissant', price: 3.5 },
        { _id: 'n2', name: 'Espresso', price: 2.8 },
      ],
    });
    expect(await screen.findByText('✅ Added 2 new item(s) from menu.')).toBeInTheDocument();
    expect(itemNames()).toEqual(['Flat White', 'Tap Water', 'Croissant', 'Espresso']);
    expect(within(itemList()).getByText('$2.80')).toBeInTheDocument();
    expect(screen.queryByText('⚠️ No items found in this menu.')).not.toBeInTheDocument();
    expect(screen.queryByText('❌ Failed to scan menu.')).not.toBeInTheDocument();
  });

  test("nothing found: '⚠️ No items found in this menu.'", async () => {
    const { xhr } = await startUpload();
    xhr.respond(200, { newItems: [] });
    expect(await screen.findByText('⚠️ No items found in this menu.')).toBeInTheDocument();
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
  });

  test("every item found already on the menu: says so instead of 'No items found'", async () => {
    const { xhr } = await startUpload();
    xhr.respond(200, { newItems: [], uploadId: 'u1', alreadyOnMenu: 2 });
    expect(await screen.findByText('⚠️ Every item found (2) is already on your menu, so nothing new was added.')).toBeInTheDocument();
    expect(screen.queryByText('⚠️ No items found in this menu.')).not.toBeInTheDocument();
  });

  // One dialog for the three refusals: each upload after a failure starts from the same panel.
  test("failure (413 too large, 415 not an image, 422 unreadable): '❌ Failed to scan menu.' followed by the reason", async () => {
    const { user } = await openMenuTab();
    const failures: [number, RegExp][] = [
      [413, /^❌ Failed to scan menu\. The file is too large: menus must be 10 MB or smaller/],
      [415, /^❌ Failed to scan menu\. This file is not an image or a PDF/],
      [422, /^❌ Failed to scan menu\. The file could not be read/],
    ];
    for (const [index, [status, text]] of failures.entries()) {
      await user.upload(screen.getByLabelText('Upload your menu', { selector: 'input' }), menuImage());
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(index + 1));
      FakeXhr.last().respond(status, { error: 'refused' });
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByText(/Added|No items found/)).not.toBeInTheDocument();
    }
  });

  test('a file that is neither a PDF nor a PNG/JPEG is refused before any upload', async () => {
    await openMenuTab();
    const sheet = new File(['a,b'], 'menu.csv', { type: 'text/csv' });
    await setupUser({ applyAccept: false }).upload(screen.getByLabelText('Upload your menu', { selector: 'input' }), sheet);
    expect(await screen.findByText('Please choose a PDF, PNG or JPEG file.')).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
    expect(queryButton('Upload menu')).toBeEnabled();
  });
});
