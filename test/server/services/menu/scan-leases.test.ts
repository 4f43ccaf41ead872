// A registration menu being scanned is leased to one server. A starting (or polling) server
// scans again only uploads whose lease has run out — their server died — never one that another live
// server is reading.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../helpers';
import { createVendor } from '../../factories';
import { MENU_SCAN_LEASE_MS, processPendingMenuUploads, requeueInterruptedMenuUploads } from '../../../../server/services/menu/pending-uploads';
import { SERVER_ID } from '../../../../server/infra/server-id';

let t: TestApp;
let vendorIds: string[];

beforeEach(async () => {
  t = await buildTestApp();
  vendorIds = [];
  for (let i = 0; i < 4; i += 1) vendorIds.push((await createVendor(t, { company: `Café ${i}` })).id);
});
afterEach(async () => {
  await t.close();
});

type Upload = { status: string; owner: string | null; expiresAt: number | null };

async function addUpload(vendorId: string, upload: Upload, data = Buffer.from('not really a menu')): Promise<string> {
  const id = crypto.randomUUID();
  await t.db.kysely
    .insertInto('menu_uploads')
    .values({ id, vendor_id: vendorId, kind: 'image', data, status: upload.status, created_at: t.clock.now(), lease_owner: upload.owner, lease_expires_at: upload.expiresAt })
    .execute();
  t.clock.advance(1);
  return id;
}

async function statusOf(id: string): Promise<{ status: string; lease_owner: string | null }> {
  return t.db.kysely.selectFrom('menu_uploads').select(['status', 'lease_owner']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('menu scan leases', () => {
  it('requeues at start-up only the scans whose server is gone', async () => {
    const now = t.clock.now();
    const liveElsewhere = await addUpload(vendorIds[0], { status: 'scanning', owner: 'other-server', expiresAt: now + 30_000 });
    const expired = await addUpload(vendorIds[1], { status: 'scanning', owner: 'dead-server', expiresAt: now - 1 });
    const fromBeforeLeases = await addUpload(vendorIds[2], { status: 'scanning', owner: null, expiresAt: null });

    expect(await requeueInterruptedMenuUploads(t.deps)).toBe(2);
    expect(await statusOf(liveElsewhere)).toEqual({ status: 'scanning', lease_owner: 'other-server' });
    expect((await statusOf(expired)).status).toBe('pending');
    expect((await statusOf(fromBeforeLeases)).status).toBe('pending');
  });

  it('scans pending uploads and expired leases under its own name, leaving a live lease alone until it runs out', async () => {
    const now = t.clock.now();
    const liveElsewhere = await addUpload(vendorIds[0], { status: 'scanning', owner: 'other-server', expiresAt: now + MENU_SCAN_LEASE_MS });
    const expired = await addUpload(vendorIds[1], { status: 'scanning', owner: 'dead-server', expiresAt: now - 1 });
    const pending = await addUpload(vendorIds[2], { status: 'pending', owner: null, expiresAt: null });

    const first = await processPendingMenuUploads(t.deps, { info: () => undefined, error: () => undefined });
    expect(first.done + first.failed).toBe(2);
    for (const id of [expired, pending]) expect(['done', 'failed']).toContain((await statusOf(id)).status);
    expect(await statusOf(liveElsewhere)).toEqual({ status: 'scanning', lease_owner: 'other-server' });

    // The other server died: once its lease runs out, this one takes the upload over.
    t.clock.advance(MENU_SCAN_LEASE_MS + 1);
    const second = await processPendingMenuUploads(t.deps, { info: () => undefined, error: () => undefined });
    expect(second.done + second.failed).toBe(1);
    expect(['done', 'failed']).toContain((await statusOf(liveElsewhere)).status);
  });

  it('names this process on the lease it holds while scanning', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const pending = await addUpload(vendorIds[3], { status: 'pending', owner: null, expiresAt: null }, png);
    let seenDuringScan: { status: string; lease_owner: string | null } | undefined;
    t.deps.menuScanner = {
      scan: async () => {
        seenDuringScan = await statusOf(pending);
        return [{ name: 'Flat White', priceCents: 450 }];
      },
      close: async () => undefined,
    };
    await processPendingMenuUploads(t.deps, { info: () => undefined, error: () => undefined });
    expect(seenDuringScan).toEqual({ status: 'scanning', lease_owner: SERVER_ID });
    const row = await t.db.kysely.selectFrom('menu_uploads').select(['status', 'lease_owner', 'lease_expires_at']).where('id', '=', pending).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    expect(row.lease_owner).toBeNull();
    expect(row.lease_expires_at).toBeNull();
  });
});
