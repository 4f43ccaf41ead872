// uploadMenu endpoint (POST /api/vendor/{id}/upload-menu via XHR): the action story it tells and what it does to the store.
import configureMockStore from 'redux-mock-store';
import { thunk } from 'redux-thunk';
import type { UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../../src/api/apiSlice';
import { makeStore, type RootState } from '../../../../src/app/store';
import { vendorApi } from '../../../../src/features/store-settings/vendorApi';
import { FakeXhr, installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { vendorResponse, VENDOR_ID } from './vendorFixtures';

const token = sessionTokenFor(VENDOR_ID);
const menuFile = () => new File(['%PDF-1.7 menu'], 'menu.pdf', { type: 'application/pdf' });

let restoreXhr: () => void;
let fakeApi: FakeApi;
beforeEach(() => {
  restoreXhr = FakeXhr.install();
  fakeApi = installFakeApi();
  fakeApi.on(`GET /api/vendor/${VENDOR_ID}`, { status: 200, body: vendorResponse() });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  restoreXhr();
  fakeApi.restore();
  jest.restoreAllMocks();
});

/** A real store with the vendor loaded, the way the dialog has it. */
async function loadedStore() {
  const store = makeStore({ session: { token } });
  await store.dispatch(vendorApi.endpoints.getVendor.initiate(VENDOR_ID));
  return store;
}

/** Lets the endpoint's awaited promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploadMenu endpoint', () => {
  test('tells the story scanStarted → uploadProgressed… → scanSucceeded (redux-mock-store)', async () => {
    // The mock store records actions without reducing them; its state is a real store's state.
    const real = await loadedStore();
    // redux-mock-store's types predate Redux 5's middleware signature; the runtime contract is the same.
    const middlewares = [thunk, api.middleware] as unknown as Parameters<typeof configureMockStore>[0];
    const mockStore = configureMockStore<RootState>(middlewares)(() => real.getState());

    const request = mockStore.dispatch(
      vendorApi.endpoints.uploadMenu.initiate({ vendorId: VENDOR_ID, file: menuFile() }) as unknown as UnknownAction,
    );
    await settle();
    const xhr = FakeXhr.last();
    xhr.progress(250, 1000);
    xhr.progress(250, 1000); // same percent again: not repeated
    xhr.progress(1000, 1000);
    xhr.respond(200, { newItems: [{ _id: 'n1', name: 'Croissant', price: 3.5 }] });
    await request;
    await settle();

    const story = mockStore
      .getActions()
      .filter((action: UnknownAction) => action.type.startsWith('menuUpload/'))
      .map((action: UnknownAction) => [action.type, action.payload]);
    expect(story).toEqual([
      ['menuUpload/scanStarted', { fileName: 'menu.pdf' }],
      ['menuUpload/uploadProgressed', 25],
      ['menuUpload/uploadProgressed', 100],
      ['menuUpload/scanSucceeded', { addedCount: 1 }],
    ]);
  });

  test('sends the file as `menu` with the bearer header and adds the new items to the list', async () => {
    const store = await loadedStore();
    const states: RootState['menuUpload'][] = [];
    store.subscribe(() => {
      const current = store.getState().menuUpload;
      if (states.at(-1) !== current) states.push(current);
    });

    const request = store.dispatch(vendorApi.endpoints.uploadMenu.initiate({ vendorId: VENDOR_ID, file: menuFile() }));
    await settle();
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/vendor/${VENDOR_ID}/upload-menu`);
    expect(xhr.headers.authorization).toBe(`Bearer ${token}`);
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(((xhr.body as FormData).get('menu') as File).name).toBe('menu.pdf');

    xhr.progress(500, 1000);
    xhr.respond(200, {
      newItems: [
        { _id: 'n1', name: 'Croissant', price: 3.5 },
        { _id: 'n2', name: 'Espresso', price: 2.8 },
      ],
    });
    await request;
    await settle();

    expect(states).toEqual([
      { status: 'scanning', fileName: 'menu.pdf', uploadPercent: 0 },
      { status: 'scanning', fileName: 'menu.pdf', uploadPercent: 50 },
      { status: 'done', addedCount: 2 },
    ]);
    const items = vendorApi.endpoints.getVendor.select(VENDOR_ID)(store.getState()).data?.items.map((item) => item.name);
    expect(items).toEqual(['Flat White', 'Tap Water', 'Croissant', 'Espresso']);
  });

  test('an answer of only items already on the menu ends in done with how many were there', async () => {
    const store = await loadedStore();
    const request = store.dispatch(vendorApi.endpoints.uploadMenu.initiate({ vendorId: VENDOR_ID, file: menuFile() }));
    await settle();
    FakeXhr.last().respond(200, { newItems: [], uploadId: 'u1', alreadyOnMenu: 3 });
    await request;
    await settle();
    expect(store.getState().menuUpload).toEqual({ status: 'done', addedCount: 0, uploadId: 'u1', alreadyOnMenu: 3 });
  });

  test('an empty answer ends in done with 0 items (the "No items found" message)', async () => {
    const store = await loadedStore();
    const request = store.dispatch(vendorApi.endpoints.uploadMenu.initiate({ vendorId: VENDOR_ID, file: menuFile() }));
    await settle();
    FakeXhr.last().respond(200, { newItems: [] });
    await request;
    await settle();
    expect(store.getState().menuUpload).toEqual({ status: 'done', addedCount: 0 });
  });

  test.each([
    ['a 415 answer', 'not-a-menu-file', (xhr: FakeXhr) => xhr.respond(415, { error: 'Menu must be a PDF, PNG or JPEG file' })],
    ['a 413 answer', 'too-large', (xhr: FakeXhr) => xhr.respond(413, { error: 'Too large' })],
    ['a 422 answer', 'unreadable', (xhr: FakeXhr) => xhr.respond(422, { error: 'We could not read this menu.' })],
    ['a 500 answer', 'server', (xhr: FakeXhr) => xhr.respond(500, { error: 'Internal Server Error' })],
    ['a broken connection', 'offline', (xhr: FakeXhr) => xhr.fail()],
  ])('%s ends in failed with its reason (%s), is logged, and leaves the list alone', async (_name, reason, answer) => {
    const store = await loadedStore();
    const request = store.dispatch(vendorApi.endpoints.uploadMenu.initiate({ vendorId: VENDOR_ID, file: menuFile() }));
    await settle();
    answer(FakeXhr.last());
    await request;
    await settle();
    expect(store.getState().menuUpload).toEqual({ status: 'failed', reason });
    expect(console.error).toHaveBeenCalledWith('Menu upload failed', expect.anything());
    expect(vendorApi.endpoints.getVendor.select(VENDOR_ID)(store.getState()).data?.items).toHaveLength(2);
  });
});
