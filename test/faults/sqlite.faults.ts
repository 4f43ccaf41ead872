// The SQLite half of "acknowledged stamps survive kill -9": one built server on SQLite (the
// default SQLITE_SYNCHRONOUS) under a bounded scan load is killed with SIGKILL mid-load, then started
// again on the same data directory. Every stamp it acknowledged must be in the file, none twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer } from '../e2e/harness';

const CUSTOMERS = 4;
const PACE_MS = 1100;
const LOAD_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one server on SQLite, killed with SIGKILL under load', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-faults-sqlite-'));
  const env = { DATA_DIR: dataDir, TRUST_PROXY: '1', STAMP_COOLDOWN_MINUTES: '0', SESSION_SECRET: 'fault-suite-session-secret-0123456789abcdef' };
  const servers: E2eServer[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged stamp, none twice, and starts again on the same file', async () => {
    const first = await startServer(env);
    servers.push(first);
    const vendor = await signUpVendor(first);
    await vendorApi(first, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });

    type Customer = { ip: string; credential?: string; cardId?: string; acked: number; uncertain: number };
    const customers: Customer[] = Array.from({ length: CUSTOMERS }, (_, i) => ({ ip: `10.14.0.${i + 1}`, acked: 0, uncertain: 0 }));
    let running = true;
    const scanOnce = async (customer: Customer) => {
      let token: string;
      try {
        token = (await vendorApi<{ token: string }>(first, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`)).token;
      } catch {
        return; // no token, no stamp
      }
      try {
        const response = await fetch(`${first.baseUrl}/api/customer/scan`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': customer.ip, ...(customer.credential ? { [CUSTOMER_CREDENTIAL_HEADER]: customer.credential } : {}) },
          body: JSON.stringify({ token }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await response.json()) as { credential?: string; card?: { id: string } };
        if (response.status === 200) {
          customer.acked += 1;
          customer.credential ??= body.credential;
          customer.cardId ??= body.card?.id;
        } else if (response.status >= 500) customer.uncertain += 1;
      } catch {
        customer.uncertain += 1;
      }
    };
    // Each customer's first scan (it creates the customer) before the load, so every stamp has a known card.
    for (const customer of customers) await scanOnce(customer);
    expect(customers.every((c) => c.cardId)).toBe(true);
    const workers = customers.map(async (customer, index) => {
      await sleep((index * PACE_MS) / CUSTOMERS);
      while (running) {
        await scanOnce(customer);
        await sleep(PACE_MS);
      }
    });

    await sleep(LOAD_MS);
    first.process.kill('SIGKILL');
    running = false;
    await Promise.all(workers);
    await new Promise<void>((resolve) => (first.process.exitCode !== null || first.process.signalCode !== null ? resolve() : first.process.once('exit', () => resolve())));

    // The killed server's file, read as it was left (the WAL included).
    const db = new SQLite(path.join(dataDir, 'stampwise.db'), { readonly: true });
    let missing = 0;
    let doubled = 0;
    try {
      for (const customer of customers) {
        const events = (db.prepare('select count(*) as n from stamp_events where card_id = ?').get(customer.cardId) as { n: number }).n;
        const stamps = (db.prepare('select stamps from stamp_cards where id = ?').get(customer.cardId) as { stamps: number }).stamps;
        missing += Math.max(0, customer.acked - events);
        doubled += Math.max(0, events - (customer.acked + customer.uncertain)) + Math.abs(stamps - events);
      }
    } finally {
      db.close();
    }
    const stamped = customers.reduce((n, c) => n + c.acked, 0);
    process.stdout.write(`\nSQLite kill -9: ${stamped} stamps acknowledged, ${customers.reduce((n, c) => n + c.uncertain, 0)} answers lost, ${missing} missing, ${doubled} doubled\n`);
    expect(stamped).toBeGreaterThan(CUSTOMERS);
    expect(missing).toBe(0);
    expect(doubled).toBe(0);

    // The same data directory serves again.
    const again = await startServer({ ...env });
    servers.push(again);
    const health = await fetch(`${again.baseUrl}/api/health`);
    expect(health.status).toBe(200);
  });
});
