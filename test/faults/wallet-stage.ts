// The stage of the wallet fault files: a fresh PostgreSQL database, two built servers on it sharing the
// job queue, a signed-up store with a reward, scans taken in turns by the two servers (each with a code
// the counter shows at that moment), and a look at the queue's jobs straight in the database.
import pg from 'pg';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { createScratchDatabase } from '../server/scratch-postgres';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface JobRow {
  state: string;
  payload: string;
}

export interface StageScan {
  status: number;
  /** How long the scan took to be answered. */
  ms: number;
  body: { credential?: string; card?: { id: string; stamps: number } };
}

export interface WalletFaultStage {
  servers: E2eServer[];
  vendor: SignedUpVendor;
  /** The two servers' database, for checks. */
  check: pg.Pool;
  /** A phone's scan at `ip`, with its credential once it has one; the servers take scans in turns. */
  scan(ip: string, credential?: string): Promise<StageScan>;
  /** The queue's jobs of `kind`. */
  jobsOf(kind: string): Promise<JobRow[]>;
  /** Waits until no job of `kind` is waiting or running; fails after `withinMs`, naming `what` is still open. */
  settled(kind: string, what: string, withinMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface WalletFaultStageOptions {
  databaseName: string;
  /** The servers' environment beyond the database: the wallet's settings, secrets, cooldown. */
  env: Record<string, string>;
  /** Stamps to the store's reward. */
  goal: number;
}

export async function startWalletFaultStage(options: WalletFaultStageOptions): Promise<WalletFaultStage> {
  const adminUrl = process.env.PG_TEST_URL;
  if (!adminUrl) throw new Error('PG_TEST_URL is not set: the fault suite needs PostgreSQL (a role that may CREATE DATABASE)');
  const database = await createScratchDatabase(adminUrl, options.databaseName);
  const { url: direct, check } = database;
  const servers: E2eServer[] = [];
  const close = async () => {
    for (const server of servers.splice(0)) await server.stop();
    await database.drop();
  };
  try {
    const env = { ...options.env, DATABASE_URL: direct.toString(), TRUST_PROXY: '1', LOG_LEVEL: 'warn' };
    servers.push(await startServer(env)); // migrates the new database
    servers.push(await startServer(env));
    const vendor = await signUpVendor(servers[0]!);
    await vendorApi(servers[0]!, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: options.goal, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
    let turn = 0;
    const jobsOf = async (kind: string) => (await check.query<JobRow>('select state, payload from jobs where kind = $1', [kind])).rows;
    return {
      servers,
      vendor,
      check,
      jobsOf,
      async scan(ip, credential) {
        const server = servers[turn++ % servers.length]!;
        const token = (await vendorApi<{ token: string }>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`)).token;
        const started = Date.now();
        const response = await fetch(`${server.baseUrl}/api/customer/scan`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {}) },
          body: JSON.stringify({ token }),
        });
        return { status: response.status, ms: Date.now() - started, body: (await response.json()) as StageScan['body'] };
      },
      async settled(kind, what, withinMs) {
        const deadline = Date.now() + withinMs;
        for (;;) {
          const open = (await jobsOf(kind)).filter((job) => job.state === 'queued' || job.state === 'running');
          if (open.length === 0) return;
          if (Date.now() > deadline) throw new Error(`${open.length} ${what} still open after ${withinMs} ms`);
          await sleep(250);
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
