// The data folder's disk full (ENOSPC): one built server on SQLite whose DATA_DIR is a small tmpfs of its own,
// filled to the last byte by another file while customers scan. Checked: no answer is a 500 and the server
// does not exit (a scan is answered 200, or 503 saying the server cannot save), health answers, and once
// space is freed every scan is answered 200 again and the card holds exactly the stamps acknowledged.
// Mounting the tmpfs needs root (as CI runs); the suite fails rather than skips without it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';

const DISK_BYTES = 24 * 1024 * 1024;
const SCANS_WHILE_FULL = 12;

describe('one server on SQLite whose data folder runs out of space', () => {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-faults-disk-full-'));
  const filler = path.join(mountPoint, 'filler.bin');
  let mounted = false;
  let server: E2eServer | undefined;
  let vendor: SignedUpVendor;
  let credential = '';
  let cardId = '';

  /** One scan by the customer with a fresh code: its status and the error text, if any. */
  async function scan(): Promise<{ status: number; error?: string }> {
    const { token } = await vendorApi<{ token: string }>(server!, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`);
    const response = await fetch(`${server!.baseUrl}/api/customer/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.15.0.1', ...(credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {}) },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { credential?: string; card?: { id: string; stamps: number }; error?: string };
    if (response.status === 200) {
      credential ||= body.credential ?? '';
      cardId ||= body.card?.id ?? '';
    }
    return { status: response.status, error: body.error };
  }

  /** Writes `filler` until the disk refuses another byte. */
  function fillDisk(): void {
    const fd = fs.openSync(filler, 'a');
    try {
      for (const chunk of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
        const bytes = Buffer.alloc(chunk, 1);
        for (;;) {
          try {
            fs.writeSync(fd, bytes);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
            throw error;
          }
        }
      }
    } finally {
      fs.closeSync(fd);
    }
  }

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', mountPoint]);
    mounted = true;
    server = await startServer({ DATA_DIR: mountPoint, STAMP_COOLDOWN_MINUTES: '0', TRUST_PROXY: '1' });
    vendor = await signUpVendor(server);
    await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 100, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
  });

  afterAll(async () => {
    await server?.stop();
    if (mounted) execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers 200 or 503 (never 500) while the disk is full, stays up, and takes every scan again once there is room', async () => {
    let acknowledged = 0;
    expect((await scan()).status).toBe(200);
    acknowledged += 1;

    fillDisk();
    const whileFull: { status: number; error?: string }[] = [];
    for (let i = 0; i < SCANS_WHILE_FULL; i += 1) whileFull.push(await scan());
    const health = await fetch(`${server!.baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) });
    fs.rmSync(filler);

    if (whileFull.some((answer) => answer.status >= 500 && answer.status !== 503)) throw new Error(`a 5xx other than 503 while the disk was full: ${JSON.stringify(whileFull)}\n${server!.output()}`);
    for (const answer of whileFull) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.error).toMatch(/disk|space|storage|save/i);
    }
    acknowledged += whileFull.filter((answer) => answer.status === 200).length;
    expect([200, 503]).toContain(health.status);
    expect(server!.process.exitCode).toBeNull();

    for (let i = 0; i < 5; i += 1) {
      expect((await scan()).status).toBe(200);
      acknowledged += 1;
    }
    const card = await fetch(`${server!.baseUrl}/api/customer/cards/${cardId}`, { headers: { [CUSTOMER_CREDENTIAL_HEADER]: credential } });
    const body = (await card.json()) as { card: { stamps: number } };
    expect(body.card.stamps).toBe(acknowledged);
    expect(whileFull.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    // Log lines reach stdout at least once a second.
    for (let waited = 0; waited < 3000 && !server!.output().includes('cannot save: the disk is full'); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server!.output()).toContain('cannot save: the disk is full');
  });
});
