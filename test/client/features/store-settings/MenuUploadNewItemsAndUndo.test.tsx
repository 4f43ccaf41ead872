// After a menu upload, the items it added are marked new in Menu & Items, and one action
// removes exactly that upload's items (the upload's result messages themselves are unchanged).
import { screen, waitFor, within } from '@testing-library/react';
import { StoreSettingsDialog } from '../../../../src/features/store-settings/StoreSettingsDialog';
import { renderWithApp } from '../../render';
import { setupUser } from '../../support/browser';
import { FakeXhr, installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { getButton, getTab } from './dom';
import { vendorResponse, VENDOR_ID } from './vendorFixtures';

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

const itemList = () => screen.getByLabelText('Menu items');
const itemNames = () => within(itemList()).queryAllByText(/.+/, { selector: '.sw-items__name' }).map((node) => node.textContent);
const newNames = () =>
  Array.from(itemList().querySelectorAll('.sw-items__row--new .sw-items__name')).map((node) => node.textContent);

async function uploadAndRead(reply: { newItems: { _id: string; name: string; price: number | ''; uploadId?: string }[]; uploadId?: string }) {
  renderWithApp(<StoreSettingsDialog open onClose={jest.fn()} />, { preloadedState: { session: { token } } });
  const user = setupUser();
  await screen.findByLabelText('Company');
  await user.click(getTab('Menu & Items'));
  await user.upload(screen.getByLabelText('Upload your menu', { selector: 'input' }), new File([new Uint8Array([0x89, 0x50])], 'menu.png', { type: 'image/png' }));
  await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
  FakeXhr.last().respond(200, reply);
  return user;
}

const scanned = {
  newItems: [
    { _id: 'n1', name: 'FIA WHILE', price: 20, uploadId: 'u1' },
    { _id: 'n2', name: 'Espresso', price: 2.8, uploadId: 'u1' },
  ],
  uploadId: 'u1',
};

describe('Menu & Items: taking back a menu upload', () => {
  test('the items the upload added are marked New; hand-made items are not', async () => {
    await uploadAndRead(scanned);
    expect(await screen.findByText('✅ Added 2 new item(s) from menu.')).toBeInTheDocument();
    expect(newNames()).toEqual(['FIA WHILE', 'Espresso']);
    expect(within(itemList()).getAllByText('New')).toHaveLength(2);
  });

  test("one confirmed action removes exactly that upload's items and says how many", async () => {
    fakeApi.on(`POST ${VENDOR_URL}/remove-upload`, { status: 200, body: { removed: 2 } });
    const user = await uploadAndRead(scanned);
    await user.click(await screen.findByRole('button', { name: 'Remove these 2 item(s)' }));
    await user.click(getButton('Remove'));

    expect(await screen.findByText('Removed 2 item(s) from that upload.')).toBeInTheDocument();
    expect(itemNames()).toEqual(['Flat White', 'Tap Water']);
    const posts = fakeApi.requests.filter((request) => request.method === 'POST' && request.path === `${VENDOR_URL}/remove-upload`);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body as string)).toEqual({ uploadId: 'u1' });
    expect(screen.queryByRole('button', { name: /Remove these/ })).not.toBeInTheDocument();
  });

  test('no action when the upload added nothing, or the server named no upload', async () => {
    await uploadAndRead({ newItems: [], uploadId: 'u2' });
    expect(await screen.findByText('⚠️ No items found in this menu.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove these/ })).not.toBeInTheDocument();
  });
});
