// Backups of a running SQLite server: `npm run backup` under a scan load, restored with
// `npm run restore` into a fresh data directory. Every stamp acknowledged before the backup started is
// in the copy, and a server started on the restored directory answers its health check. The restore
// refuses while a server runs on the directory, and refuses a corrupted backup.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer } from '../e2e/harness';

const ROOT = path.resolve(__dirname, '../..');
const CUSTOMERS = 6;
const PACE_MS = 300;
const LOAD_BEFORE_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run backup` / `npm run restore` as an operator runs them (tsx, the repository's scripts), with DATA_DIR. */
function runScript(script: 'backup' | 'restore', dataDir: string, args: string[] = []): { status: number | null; stdout: string; stderr: string } {
  const { DATABASE_URL: _db, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: ROOT, env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run backup while a SQLite server serves, npm run restore into a fresh directory', () => {
  const servers: E2eServer[] = [];
  const dirs: string[] = [];
  const env = { TRUST_PROXY: '1', STAMP_COOLDOWN_MINUTES: '0', SESSION_SECRET: 'backup-suite-session-secret-0123456789abcdef' };

  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every stamp acknowledged before the backup began, and the restored app starts healthy; refusals while running and for a corrupted file', async () => {
    const first = await startServer(env);
    servers.push(first);
    const vendor = await signUpVendor(first);
    await vendorApi(first, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });

    /** Each acknowledged stamp: its event id and when its answer arrived. */
    const acknowledged: Array<{ at: number; cardId: string }> = [];
    type Customer = { ip: string; credential?: string };
    const customers: Customer[] = Array.from({ length: CUSTOMERS }, (_, i) => ({ ip: `10.32.0.${i + 1}` }));
    let running = true;
    const workers = customers.map(async (customer, index) => {
      await sleep((index * PACE_MS) / CUSTOMERS);
      while (running) {
        try {
          const { token } = await vendorApi<{ token: string }>(first, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`);
          const response = await fetch(`${first.baseUrl}/api/customer/scan`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': customer.ip, ...(customer.credential ? { [CUSTOMER_CREDENTIAL_HEADER]: customer.credential } : {}) },
            body: JSON.stringify({ token }),
            signal: AbortSignal.timeout(10_000),
          });
          const body = (await response.json()) as { credential?: string; card?: { id: string } };
          if (response.status === 200 && body.card) {
            customer.credential ??= body.credential;
            acknowledged.push({ at: Date.now(), cardId: body.card.id });
          }
        } catch {
          // an answer lost is no acknowledged stamp
        }
        await sleep(PACE_MS);
      }
    });

    await sleep(LOAD_BEFORE_MS);
    const backupStartedAt = Date.now();
    const backup = runScript('backup', first.dataDir);
    running = false;
    await Promise.all(workers);
    expect({ status: backup.status, stderr: backup.stderr }).toEqual({ status: 0, stderr: '' });
    const backupDir = backup.stdout.trim().split('\n').pop() ?? '';
    expect(backupDir.startsWith(path.join(first.dataDir, 'backups'))).toBe(true);

    // While the server runs on its directory, a restore into it is refused and changes nothing.
    const refused = runScript('restore', first.dataDir, [backupDir]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`restore refused: Stampwise is running on ${first.dataDir} (process ${first.process.pid}): stop it before restoring`);

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-restored-'));
    dirs.push(fresh);
    const restored = runScript('restore', fresh, [backupDir]);
    expect({ status: restored.status, stderr: restored.stderr }).toEqual({ status: 0, stderr: '' });

    const before = acknowledged.filter((a) => a.at < backupStartedAt);
    const db = new SQLite(path.join(fresh, 'stampwise.db'), { readonly: true });
    let missing = 0;
    try {
      const perCard = new Map<string, number>();
      for (const stamp of before) perCard.set(stamp.cardId, (perCard.get(stamp.cardId) ?? 0) + 1);
      for (const [cardId, count] of perCard) {
        const { n } = db.prepare('select count(*) as n from stamp_events where card_id = ?').get(cardId) as { n: number };
        missing += Math.max(0, count - n);
      }
    } finally {
      db.close();
    }
    process.stdout.write(`\nbackup under load: ${acknowledged.length} stamps acknowledged, ${before.length} before the backup began, ${missing} missing from it\n`);
    expect(before.length).toBeGreaterThan(CUSTOMERS);
    expect(missing).toBe(0);

    // The restored directory serves: same secret, same stores.
    const again = await startServer({ ...env, DATA_DIR: fresh });
    servers.push(again);
    expect((await fetch(`${again.baseUrl}/api/health`)).status).toBe(200);
    await again.stop();
    servers.pop();

    // A corrupted backup is refused after its integrity check; the directory keeps its database.
    const damaged = path.join(backupDir, 'stampwise.db');
    const bytes = fs.readFileSync(damaged);
    bytes.fill(0x5a, 8192, bytes.length - 100);
    fs.writeFileSync(damaged, bytes);
    const corrupt = runScript('restore', fresh, [backupDir]);
    expect(corrupt.status).toBe(1);
    expect(corrupt.stderr).toContain('failed its integrity check');
  });
});
