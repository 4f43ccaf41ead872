// Menu items by hand: POST /api/vendor/:vendorId/add-item and /delete-item (validation, ownership,
// and the reward that names a deleted item).
import { buildTestApp, type TestApp } from '../../helpers';
import { createMenuItem, createReward, createVendor, type TestVendor } from '../../factories';
import { MAX_MENU_ITEMS } from '../../../../server/services/menu/items';

let t: TestApp;
let vendor: TestVendor;

// One app per file (building one takes a while); every test gets a vendor of its own.
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  vendor = await createVendor(t);
});

function addItem(payload: unknown, v: TestVendor = vendor) {
  return t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}/add-item`, headers: v.auth, payload: payload as object });
}

function deleteItem(itemId: unknown, v: TestVendor = vendor) {
  return t.app.inject({ method: 'POST', url: `/api/vendor/${v.id}/delete-item`, headers: v.auth, payload: { itemId } as object });
}

async function menuOf(v: TestVendor = vendor): Promise<{ _id: string; name: string; price: number | '' }[]> {
  return (await t.app.inject({ method: 'GET', url: `/api/vendor/${v.id}`, headers: v.auth })).json().items;
}

describe('POST /api/vendor/:vendorId/add-item', () => {
  test('adds the item and answers 201 with it; the menu lists it', async () => {
    const response = await addItem({ itemName: 'Flat White', itemPrice: '4.20' });

    expect(response.statusCode).toBe(201);
    const { item } = response.json();
    expect(item).toEqual({ _id: expect.any(String), name: 'Flat White', price: 4.2 });
    expect(await menuOf()).toEqual([item]);
  });

  test.each([
    ['4.5', 4.5, 450],
    [4.5, 4.5, 450],
    [12, 12, 1200],
    [' 3.05 ', 3.05, 305],
    ['.5', 0.5, 50],
    ['0.01', 0.01, 1],
    ['99999.99', 99999.99, 9_999_999],
    ['', '', null],
    [null, '', null],
    [undefined, '', null],
  ])('price %p is stored as %p dollars (%p cents)', async (itemPrice, price, cents) => {
    const response = await addItem({ itemName: 'Latte', itemPrice });

    expect(response.statusCode).toBe(201);
    expect(response.json().item.price).toBe(price);
    const row = await t.db.kysely.selectFrom('menu_items').select('price_cents').where('id', '=', response.json().item._id).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(cents);
  });

  test('trims the name and collapses its whitespace', async () => {
    const response = await addItem({ itemName: '  Iced \t Long\n Black  ', itemPrice: '' });
    expect(response.json().item.name).toBe('Iced Long Black');
  });

  test('accepts a name of exactly 120 characters', async () => {
    expect((await addItem({ itemName: 'x'.repeat(120), itemPrice: 1 })).statusCode).toBe(201);
  });

  test.each([
    ['a blank name', { itemName: '   ', itemPrice: '1' }, 'itemName'],
    ['a missing name', { itemPrice: '1' }, 'itemName'],
    ['a name of 121 characters', { itemName: 'x'.repeat(121), itemPrice: '1' }, 'itemName'],
    ['price abc', { itemName: 'Tea', itemPrice: 'abc' }, 'itemPrice'],
    ['price -1', { itemName: 'Tea', itemPrice: -1 }, 'itemPrice'],
    ['price "-1"', { itemName: 'Tea', itemPrice: '-1' }, 'itemPrice'],
    ['price 1.234', { itemName: 'Tea', itemPrice: 1.234 }, 'itemPrice'],
    ['price "1.234"', { itemName: 'Tea', itemPrice: '1.234' }, 'itemPrice'],
    ['price 4,50', { itemName: 'Tea', itemPrice: '4,50' }, 'itemPrice'],
    ['price $4', { itemName: 'Tea', itemPrice: '$4' }, 'itemPrice'],
    ['price 1e3', { itemName: 'Tea', itemPrice: '1e3' }, 'itemPrice'],
    ['price "."', { itemName: 'Tea', itemPrice: '.' }, 'itemPrice'],
    ['price 0', { itemName: 'Tea', itemPrice: 0 }, 'itemPrice'],
    ['price "0.00"', { itemName: 'Tea', itemPrice: '0.00' }, 'itemPrice'],
    ['price 100000', { itemName: 'Tea', itemPrice: 100000 }, 'itemPrice'],
    ['price above 100000', { itemName: 'Tea', itemPrice: '100000.01' }, 'itemPrice'],
    ['price true', { itemName: 'Tea', itemPrice: true }, 'itemPrice'],
  ])('refuses %s with 400 naming the field, adding nothing', async (_label, payload, field) => {
    const response = await addItem(payload);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), details: [expect.objectContaining({ field })] });
    expect(await menuOf()).toEqual([]);
  });

  test.each([
    ['en', 'Price must be more than 0 and less than $100,000. Leave it empty for an item without a price.'],
    ['de', 'Der Preis muss größer als 0 und kleiner als 100.000\u00a0$ sein. Lassen Sie ihn leer für einen Artikel ohne Preis.'],
    ['fr', 'Le prix doit être supérieur à 0 et inférieur à 100\u202f000\u00a0$. Laissez-le vide pour un produit sans prix.'],
    ['es', 'El precio debe ser mayor que 0 y menor que 100.000\u00a0$. Déjalo vacío si el producto no tiene precio.'],
  ])('refuses a price of 0 or of 100,000 and more in the page language (%s), naming the field', async (language, sentence) => {
    for (const itemPrice of [0, '100000']) {
      const response = await t.app.inject({ method: 'POST', url: `/api/vendor/${vendor.id}/add-item`, headers: { ...vendor.auth, 'accept-language': language }, payload: { itemName: 'Tea', itemPrice } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: sentence, details: [{ field: 'itemPrice', message: 'must be more than 0 and less than 100000' }] });
    }
    expect(await menuOf()).toEqual([]);
  });

  describe('in a currency of small units, the limit scales with it', () => {
    test.each([
      ['VND', '65000', 65000, 6_500_000],
      ['VND', '999999999.99', 999_999_999.99, 99_999_999_999],
      ['KRW', 26000, 26000, 2_600_000],
      ['KRW', '99999999', 99_999_999, 9_999_999_900],
      ['IDR', '150000', 150000, 15_000_000],
      ['JPY', '9999999', 9_999_999, 999_999_900],
      ['LBP', '9999999999', 9_999_999_999, 999_999_999_900],
    ])('a %s store keeps a price of %p (%p, %p hundredths) and answers it back', async (currency, itemPrice, price, cents) => {
      const store = await createVendor(t, { currency });
      const response = await addItem({ itemName: 'Phở bò', itemPrice }, store);

      expect(response.statusCode).toBe(201);
      expect(response.json().item.price).toBe(price);
      const row = await t.db.kysely.selectFrom('menu_items').select('price_cents').where('id', '=', response.json().item._id).executeTakeFirstOrThrow();
      expect(Number(row.price_cents)).toBe(cents);
      expect((await menuOf(store)).map((item) => item.price)).toEqual([price]);
    });

    test.each([
      ['VND', 'en', '1000000000', 'Price must be more than 0 and less than ₫1,000,000,000. Leave it empty for an item without a price.', 'must be more than 0 and less than 1000000000'],
      ['VND', 'de', '1000000000', 'Der Preis muss größer als 0 und kleiner als 1.000.000.000\u00a0₫ sein. Lassen Sie ihn leer für einen Artikel ohne Preis.', 'must be more than 0 and less than 1000000000'],
      ['KRW', 'fr', '100000000', 'Le prix doit être supérieur à 0 et inférieur à 100\u202f000\u202f000\u00a0₩. Laissez-le vide pour un produit sans prix.', 'must be more than 0 and less than 100000000'],
      ['IDR', 'es', '1000000000', 'El precio debe ser mayor que 0 y menor que 1.000.000.000\u00a0Rp. Déjalo vacío si el producto no tiene precio.', 'must be more than 0 and less than 1000000000'],
      ['JPY', 'en', '10000000', 'Price must be more than 0 and less than ¥10,000,000. Leave it empty for an item without a price.', 'must be more than 0 and less than 10000000'],
      ['EUR', 'en', '100000', 'Price must be more than 0 and less than €100,000. Leave it empty for an item without a price.', 'must be more than 0 and less than 100000'],
    ])('a %s store refuses its own limit, in %s, naming it in the currency', async (currency, language, itemPrice, sentence, message) => {
      const store = await createVendor(t, { currency });
      const response = await t.app.inject({ method: 'POST', url: `/api/vendor/${store.id}/add-item`, headers: { ...store.auth, 'accept-language': language }, payload: { itemName: 'Tea', itemPrice } });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: sentence, details: [{ field: 'itemPrice', message }] });
      expect(await menuOf(store)).toEqual([]);
    });

    test('the Arabic refusal names the limit in the currency too', async () => {
      const store = await createVendor(t, { currency: 'VND' });
      const response = await t.app.inject({ method: 'POST', url: `/api/vendor/${store.id}/add-item`, headers: { ...store.auth, 'accept-language': 'ar' }, payload: { itemName: 'Tea', itemPrice: '1000000000' } });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^يجب أن يكون السعر أكبر من 0 وأقل من .*₫.*\. اتركه فارغًا لصنف بلا سعر\.$/u);
    });

    test('an edit is held to the same limit', async () => {
      const store = await createVendor(t, { currency: 'VND' });
      const itemId = await createMenuItem(t, store.id, 'Phở bò', 6_500_000);
      const edit = (itemPrice: unknown) => t.app.inject({ method: 'POST', url: `/api/vendor/${store.id}/update-item`, headers: store.auth, payload: { itemId, itemPrice } as object });

      expect((await edit('85000')).json().item.price).toBe(85000);
      expect((await edit('1000000000')).statusCode).toBe(400);
      expect((await menuOf(store)).map((item) => item.price)).toEqual([85000]);
    });
  });

  test('an item saved with a price of 0 before prices had to be more than 0 is answered without a price, and keeps its 0', async () => {
    const itemId = await createMenuItem(t, vendor.id, 'Tap water', 0);

    expect(await menuOf()).toEqual([{ _id: itemId, name: 'Tap water', price: '' }]);
    const row = await t.db.kysely.selectFrom('menu_items').select('price_cents').where('id', '=', itemId).executeTakeFirstOrThrow();
    expect(Number(row.price_cents)).toBe(0);
  });

  test('keeps items in the order they were added, even within one millisecond', async () => {
    for (const name of ['Espresso', 'Americano', 'Cortado', 'Mocha', 'Affogato']) await addItem({ itemName: name, itemPrice: 3 });
    expect((await menuOf()).map((item) => item.name)).toEqual(['Espresso', 'Americano', 'Cortado', 'Mocha', 'Affogato']);
  });

  test(`refuses an item beyond ${MAX_MENU_ITEMS} with 409`, async () => {
    const now = t.clock.now();
    const rows = Array.from({ length: MAX_MENU_ITEMS }, (_, i) => ({ id: `${vendor.id}-bulk-${i}`, vendor_id: vendor.id, name: `Item ${i}`, price_cents: 100, created_at: now }));
    for (let i = 0; i < rows.length; i += 100) await t.db.kysely.insertInto('menu_items').values(rows.slice(i, i + 100)).execute();

    const response = await addItem({ itemName: 'One too many', itemPrice: 1 });

    expect(response.statusCode).toBe(409);
    expect(await menuOf()).toHaveLength(MAX_MENU_ITEMS);
  });
});

describe('POST /api/vendor/:vendorId/delete-item', () => {
  test('deletes the item and answers { ok: true }', async () => {
    const keep = await createMenuItem(t, vendor.id, 'Scone');
    const drop = await createMenuItem(t, vendor.id, 'Muffin');

    const response = await deleteItem(drop);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await menuOf()).map((item) => item._id)).toEqual([keep]);
  });

  test("another vendor's item id is 404 and that item survives", async () => {
    const neighbour = await createVendor(t);
    const theirs = await createMenuItem(t, neighbour.id, 'Their Special');

    const response = await deleteItem(theirs);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect((await menuOf(neighbour)).map((item) => item.name)).toEqual(['Their Special']);
  });

  test('an unknown id is 404; a missing or empty id is 400', async () => {
    expect((await deleteItem('no-such-item')).statusCode).toBe(404);
    expect((await deleteItem('')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/vendor/${vendor.id}/delete-item`, headers: vendor.auth, payload: {} })).statusCode).toBe(400);
  });

  test("deleting the reward's qualifying item clears the reward's item, keeping the reward", async () => {
    const coffee = await createMenuItem(t, vendor.id, 'Coffee');
    await createReward(t, vendor.id, coffee, 8);

    expect((await deleteItem(coffee)).statusCode).toBe(200);

    const reward = await t.db.kysely.selectFrom('rewards').selectAll().where('vendor_id', '=', vendor.id).executeTakeFirstOrThrow();
    expect(reward).toMatchObject({ item_id: null, stamps: 8 });
  });
});
