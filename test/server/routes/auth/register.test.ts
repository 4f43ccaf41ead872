import crypto from 'node:crypto';
import { buildTestApp, fakeScanner, type TestApp } from '../../helpers';
import { processPendingMenuUploads } from '../../../../server/services/menu/pending-uploads';
import { REGISTRATIONS_PER_ADDRESS } from '../../../../server/routes/auth';
import {
  JPEG_BYTES,
  PNG_BYTES,
  multipart,
  postRegister,
  registrationFields,
  withAuthApp,
  signUpVendor,
  tokenFromMail,
} from '../../factories';

describe('POST /api/auth/register', () => {
  let t: TestApp;
  withAuthApp((app) => (t = app));

  const vendorCount = async () => Number((await t.db.kysely.selectFrom('vendors').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const uploads = () => t.db.kysely.selectFrom('menu_uploads').selectAll().execute();

  it('creates an unverified vendor from the form fields and answers 201 { ok: true }', async () => {
    const fields = registrationFields({ email: 'Ada.Baker@Corner-Cafe.example' });
    const response = await postRegister(t, fields);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    const vendor = await t.db.kysely.selectFrom('vendors').selectAll().executeTakeFirstOrThrow();
    expect(vendor).toMatchObject({
      email: 'Ada.Baker@Corner-Cafe.example',
      email_normalized: 'ada.baker@corner-cafe.example',
      name: 'Ada Baker',
      company: 'Corner Café',
      address: '1 Main Street, Springfield',
      open_hours: 'Mon–Fri 7:00–17:00',
      website: 'https://corner-cafe.example',
      password_hash: null,
      verified_at: null,
    });
  });

  it('prices the new store in the currency the form sends (the browser\'s region), in dollars without one', async () => {
    const madrid = registrationFields({ currency: 'eur' });
    const plain = registrationFields();
    const unknown = registrationFields({ currency: 'EURO' });
    for (const fields of [madrid, plain, unknown]) expect((await postRegister(t, fields)).statusCode).toBe(201);

    const currencyOf = async (email: string) =>
      (await t.db.kysely.selectFrom('vendors').select('currency').where('email', '=', email).executeTakeFirstOrThrow()).currency;
    await expect(currencyOf(madrid.email)).resolves.toBe('EUR');
    await expect(currencyOf(plain.email)).resolves.toBe('USD');
    // A guess the person never saw cannot refuse their sign-up: the store keeps dollars, changed in Store Settings.
    await expect(currencyOf(unknown.email)).resolves.toBe('USD');
  });

  it('mails a single-use 24-hour link to PUBLIC_URL/verify/<token> and stores only its SHA-256', async () => {
    const fields = registrationFields();
    await postRegister(t, fields);

    const mail = t.mailer.last();
    expect(mail?.to).toBe(fields.email);
    expect(mail?.subject).toMatch(/verify/i);
    expect(mail?.link).toMatch(/^http:\/\/stampwise\.test\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.html).toContain(mail?.link);
    const token = tokenFromMail(t, fields.email);
    const rows = await t.db.kysely.selectFrom('email_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].expires_at - rows[0].created_at).toBe(24 * 60 * 60 * 1000);
    expect(rows[0].used_at).toBeNull();
  });

  it('trims the text fields and turns a bare domain into an https address', async () => {
    await postRegister(t, registrationFields({ name: '  Ada  ', business: '\tCorner Café ', website: ' cafe.example ' }));
    const vendor = await t.db.kysely.selectFrom('vendors').selectAll().executeTakeFirstOrThrow();
    expect(vendor).toMatchObject({ name: 'Ada', company: 'Corner Café', website: 'https://cafe.example' });
  });

  it.each([
    ['left out', undefined],
    ['empty', ''],
  ])('accepts the optional website %s (stored as null)', async (_label, website) => {
    const response = await postRegister(t, registrationFields({ website }));
    expect(response.statusCode).toBe(201);
    expect((await t.db.kysely.selectFrom('vendors').select('website').executeTakeFirstOrThrow()).website).toBeNull();
  });

  it.each(['javascript:alert(1)', 'ftp://cafe.example', 'mailto:owner@cafe.example', 'https://user:pw@cafe.example', 'not a website', 'localhost'])(
    'refuses the website %j with 400 and creates nothing',
    async (website) => {
      const response = await postRegister(t, registrationFields({ website }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.stringMatching(/website/i), details: [{ field: 'website' }] });
      expect(await vendorCount()).toBe(0);
      expect(t.mailer.sent).toHaveLength(0);
    },
  );

  it.each(['name', 'business', 'email', 'address', 'openingHours'])('answers 400 naming %s when it is missing', async (field) => {
    const response = await postRegister(t, registrationFields({ [field]: undefined }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String), details: [{ field }] });
    expect(await vendorCount()).toBe(0);
  });

  it.each(['name', 'business', 'address', 'openingHours'])('answers 400 when %s is only spaces', async (field) => {
    const response = await postRegister(t, registrationFields({ [field]: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe(field);
  });

  it.each([
    ['name', 201],
    ['business', 201],
    ['address', 201],
    ['openingHours', 201],
    ['website', 301],
    ['email', 255],
  ])('answers 400 when %s is longer than allowed (%i characters)', async (field, length) => {
    const response = await postRegister(t, registrationFields({ [field]: 'a'.repeat(length) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe(field);
    expect(await vendorCount()).toBe(0);
  });

  it.each(['no-at-sign.example', 'owner@', '@cafe.example', 'owner@cafe', 'two@@cafe.example', 'spa ce@cafe.example', 'owner@cafe..example'])(
    'answers 400 for the malformed e-mail %j',
    async (email) => {
      const response = await postRegister(t, registrationFields({ email }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Enter a valid e-mail address.', details: [{ field: 'email' }] });
      expect(await vendorCount()).toBe(0);
    },
  );

  it.each([
    ['name', 'Ada\u0000Baker'],
    ['email', 'ada\u0000@cafe.example'],
    ['address', '1 Main St\u001b[31m'],
  ])('answers 400 for a control character in %s (PostgreSQL would refuse a NUL) and creates nothing', async (field, value) => {
    const response = await postRegister(t, registrationFields({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `${field} contains characters that are not allowed.`, details: [{ field, message: expect.any(String) }] });
    expect(await vendorCount()).toBe(0);
  });

  it('keeps line breaks in a multi-line address', async () => {
    expect((await postRegister(t, registrationFields({ address: '1 Main Street\r\nSpringfield' }))).statusCode).toBe(201);
    expect((await t.db.kysely.selectFrom('vendors').select('address').executeTakeFirstOrThrow()).address).toBe('1 Main Street\r\nSpringfield');
  });

  it('answers 400 for a field it does not know', async () => {
    const response = await postRegister(t, { ...registrationFields(), password: 'sneaky' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('password');
  });

  it('answers 400 when a field is sent twice', async () => {
    const body = multipart(registrationFields());
    const twice = multipart({ ...registrationFields(), email: 'a@cafe.example' });
    // Splice a second email part into the first body.
    const extra = twice.payload.toString('latin1').split(/\r\n(?=--)/).find((part) => part.includes('name="email"'));
    const payload = Buffer.from(body.payload.toString('latin1').replace(/(--[^\r\n]+--\r\n)$/, `${extra}\r\n$1`), 'latin1');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: body.headers });
    expect(response.statusCode).toBe(400);
    expect(await vendorCount()).toBe(0);
  });

  it.each([
    ['a JSON body', { payload: registrationFields() }],
    ['an empty body', {}],
    ['a url-encoded form', { payload: 'name=Ada', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  ])('answers 415 with a clear message for %s', async (_label, request) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...request });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect(await vendorCount()).toBe(0);
  });

  describe('with a menu file', () => {
    // A fresh app per test: the menu-scan plugin polls pending uploads every 60 s of real time and
    // would pick these rows up (and empty them) if one app lived that long.
    let shared: TestApp;
    beforeEach(async () => {
      shared = t;
      t = await buildTestApp();
    });
    afterEach(async () => {
      await t.close();
      t = shared;
    });

    it.each([
      ['png', PNG_BYTES, 'menu.png', 'image/png'],
      ['jpeg', JPEG_BYTES, 'menu.jpg', 'image/jpeg'],
    ])('scans a %s menu sent with the registration into the new vendor\'s menu', async (kind, data, filename, contentType) => {
      await t.close();
      t = await buildTestApp({ menuScanner: fakeScanner([{ name: 'Flat White', priceCents: 420 }]) });
      const response = await postRegister(t, registrationFields(), [{ field: 'menu', filename, contentType, data }]);
      expect(response.statusCode).toBe(201);
      // The route started the scan in the background; this waits for that run to finish.
      await processPendingMenuUploads(t.deps);
      const vendor = await t.db.kysely.selectFrom('vendors').select('id').executeTakeFirstOrThrow();
      const [upload] = await uploads();
      expect(upload).toMatchObject({ vendor_id: vendor.id, kind, status: 'done' });
      const items = await t.db.kysely.selectFrom('menu_items').select(['name', 'price_cents']).where('vendor_id', '=', vendor.id).execute();
      expect(items).toEqual([{ name: 'Flat White', price_cents: 420 }]);
    });

    it('judges the type by content: a PNG named menu.txt is accepted as png', async () => {
      const response = await postRegister(t, registrationFields(), [{ field: 'menu', filename: 'menu.txt', contentType: 'text/plain', data: PNG_BYTES }]);
      expect(response.statusCode).toBe(201);
      expect((await uploads())[0].kind).toBe('png');
    });

    it.each([
      ['text under a .png name', Buffer.from('this is not an image at all')],
      ['a PDF under a .png name', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
      ['an HTML page under a .png name', Buffer.from('<html><script>alert(1)</script></html>')],
    ])('creates the account without the menu for %s, and says why the menu was left out', async (_label, data) => {
      const response = await postRegister(t, registrationFields(), [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true, menuNotAdded: 'The menu must be a PNG or JPEG image.' });
      expect(await vendorCount()).toBe(1);
      expect(await uploads()).toHaveLength(0);
      expect(t.mailer.sent).toHaveLength(1);
    });

    it('creates the account without a menu over 10 MB, and says it was too large', async () => {
      const data = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
      const response = await postRegister(t, registrationFields(), [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true, menuNotAdded: expect.stringMatching(/too large/i) });
      expect(await vendorCount()).toBe(1);
      expect(await uploads()).toHaveLength(0);
    });

    it('treats an empty file part (no file chosen) as no menu', async () => {
      const response = await postRegister(t, registrationFields(), [{ field: 'menu', filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      expect(await uploads()).toHaveLength(0);
    });

    it('creates the account when menu is text instead of a file, and says the menu must be a file', async () => {
      const response = await postRegister(t, { ...registrationFields(), menu: 'menu.png' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true, menuNotAdded: 'The menu must be sent as a file.' });
      expect(await vendorCount()).toBe(1);
    });
  });

  describe('for an e-mail that already has an account', () => {
    it('answers the same 201, creates no second account and mails a sign-in link instead', async () => {
      const existing = await signUpVendor(t, { name: 'First Owner', business: 'First Café' });
      const mailsBefore = t.mailer.sent.length;

      const response = await postRegister(t, registrationFields({ email: existing.email.toUpperCase(), name: 'Intruder', business: 'Other Café' }));

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      expect(await vendorCount()).toBe(1);
      const vendor = await t.db.kysely.selectFrom('vendors').selectAll().executeTakeFirstOrThrow();
      expect(vendor).toMatchObject({ id: existing.vendorId, name: 'First Owner', company: 'First Café' });
      expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
      const mail = t.mailer.last();
      expect(mail?.to).toBe(existing.email);
      expect(mail?.subject).toMatch(/already have/i);
      expect(mail?.text).toMatch(/already exists/);
      expect(mail?.link).toBe('http://stampwise.test/login');
      // No verification link: nobody can take over the account by registering again.
      expect(mail?.text).not.toMatch(/\/verify\//);
    });

    it('mails a fresh verification link when the account was never verified', async () => {
      const fields = registrationFields();
      await postRegister(t, fields);
      const firstToken = tokenFromMail(t, fields.email);

      const response = await postRegister(t, { ...fields, business: 'Changed' });

      expect(response.statusCode).toBe(201);
      expect(await vendorCount()).toBe(1);
      const secondToken = tokenFromMail(t, fields.email);
      expect(secondToken).not.toBe(firstToken);
      const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${secondToken}` });
      expect(verified.json()).toMatchObject({ ok: true });
      expect((await t.db.kysely.selectFrom('vendors').select('company').executeTakeFirstOrThrow()).company).toBe('Corner Café');
    });

    it('creates exactly one account when the same address registers twice at once', async () => {
      const fields = registrationFields();
      const responses = await Promise.all([postRegister(t, fields), postRegister(t, { ...fields, email: fields.email.toUpperCase() })]);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(await vendorCount()).toBe(1);
    });
  });

  it(`answers 429 after ${REGISTRATIONS_PER_ADDRESS} registrations from one address`, async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS; i += 1) {
      expect((await postRegister(t, registrationFields(), [], address)).statusCode).toBe(201);
    }
    const response = await postRegister(t, registrationFields(), [], address);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) });
    expect(await vendorCount()).toBe(REGISTRATIONS_PER_ADDRESS);
    // Another address is not affected.
    expect((await postRegister(t, registrationFields(), [], '198.51.100.21')).statusCode).toBe(201);
  });
});
