// Apple Wallet pushes under faults: two built servers on one PostgreSQL database share the push queue,
// phones hold passes registered for pushes, and a local fake APNs answers 500, hangs, or 410 for one
// phone. Scans go on meanwhile. After each fault: every scan was answered 200 and quickly, every phone
// whose card changed got a push after its last change (nothing lost), no push job was sent after it
// was done or ran on two servers at once (nothing doubled: pushes per phone ≤ push jobs run for it),
// nothing is left in the dead letter, and the 410 phone's registration is gone and never pushed again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../server/apple-certificates';
import { startFakeApns, type FakeApns } from '../support/fake-apns';
import { sleep, startWalletFaultStage, type WalletFaultStage } from './wallet-stage';

const PHONES = 4;
/** A scan slower than this would mean a push held it up. */
const SCAN_SLOW_MS = 2000;
/** Pushes wait out backoff (1 s, 2 s…) and APNs' 10 s timeout: everything settles well within this. */
const SETTLE_MS = 40_000;
const PUSH_JOB = 'apple-pass-push';

interface Phone {
  ip: string;
  credential: string;
  cardId: string;
  device: string;
  pushToken: string;
}

describe('Apple Wallet pushes from two servers while APNs fails, hangs and refuses a phone', () => {
  let stage: WalletFaultStage;
  let certs: TestAppleCertificates;
  let fakeApns: FakeApns;
  const phones: Phone[] = [];
  const scan = (ip: string, credential?: string) => stage.scan(ip, credential);
  const settled = () => stage.settled(PUSH_JOB, 'pushes', SETTLE_MS);
  const pushJobs = () => stage.jobsOf(PUSH_JOB);

  function passJsonOf(pkpass: Buffer): { serialNumber: string; authenticationToken: string; passTypeIdentifier: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-faults-pkpass-'));
    try {
      fs.writeFileSync(path.join(dir, 'card.pkpass'), pkpass);
      return JSON.parse(execFileSync('unzip', ['-p', 'card.pkpass', 'pass.json'], { cwd: dir }).toString('utf8'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Every phone in `changed` got a push after `since`; no phone got more pushes than its jobs that ran. */
  async function expectDeliveredOnce(changed: Phone[], since: number): Promise<void> {
    for (const phone of changed) expect(fakeApns.delivered.some((push) => push.token === phone.pushToken && push.at >= since)).toBe(true);
    const jobs = await pushJobs();
    expect(jobs.filter((job) => job.state === 'dead')).toEqual([]);
    for (const phone of phones) {
      const ran = jobs.filter((job) => job.state === 'done' && (JSON.parse(job.payload) as { deviceLibraryId: string }).deviceLibraryId === phone.device).length;
      expect(fakeApns.delivered.filter((push) => push.token === phone.pushToken).length).toBeLessThanOrEqual(ran);
    }
  }

  async function scanEveryPhone(): Promise<void> {
    for (const phone of phones) {
      const result = await scan(phone.ip, phone.credential);
      expect(result.status).toBe(200);
      expect(result.ms).toBeLessThan(SCAN_SLOW_MS);
    }
  }

  beforeAll(async () => {
    certs = makeTestAppleCertificates();
    fakeApns = await startFakeApns();
    stage = await startWalletFaultStage({
      databaseName: `stampwise_wallet_faults_${process.pid}`,
      env: { ...certs.env, APNS_URL: fakeApns.url, SESSION_SECRET: 'wallet-fault-suite-session-secret-0123456789', STAMP_COOLDOWN_MINUTES: '0' },
      goal: 50,
    });
    const [first, second] = stage.servers;
    for (let i = 0; i < PHONES; i += 1) {
      const ip = `10.14.0.${i + 1}`;
      const firstScan = await scan(ip);
      expect(firstScan.status).toBe(200);
      const credential = firstScan.body.credential!;
      const cardId = firstScan.body.card!.id;
      const download = await fetch(`${first!.baseUrl}/api/customer/cards/${cardId}/apple-pass`, { headers: { [CUSTOMER_CREDENTIAL_HEADER]: credential, 'x-forwarded-for': ip } });
      const pass = passJsonOf(Buffer.from(await download.arrayBuffer()));
      const device = `faultdevice${i}`;
      const pushToken = `faultpushtoken${i}`;
      const registered = await fetch(`${second!.baseUrl}/api/passes/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`, {
        method: 'POST',
        headers: { authorization: `ApplePass ${pass.authenticationToken}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ pushToken }),
      });
      expect(registered.status).toBe(201);
      phones.push({ ip, credential, cardId, device, pushToken });
    }
  });

  afterAll(async () => {
    await stage?.close();
    await fakeApns?.close();
    certs?.remove();
  });

  it('APNs answering 500 twice per phone: scans stay fast, every phone gets its push once APNs recovers, none twice', async () => {
    const failures = new Map<string, number>();
    fakeApns.answer = (token) => {
      const seen = failures.get(token) ?? 0;
      failures.set(token, seen + 1);
      return seen < 2 ? { status: 500, reason: 'InternalServerError' } : undefined;
    };
    const since = Date.now();
    await scanEveryPhone();
    await settled();
    await expectDeliveredOnce(phones, since);
  });

  it('APNs that never answers: the push times out and is sent again; scans never wait for it', async () => {
    const hung = new Set<string>();
    fakeApns.answer = (token) => {
      if (hung.has(token)) return undefined;
      hung.add(token);
      return 'hang';
    };
    await sleep(3500); // past the previous burst's push window, so this change pushes at once
    const since = Date.now();
    await scanEveryPhone();
    await settled();
    await expectDeliveredOnce(phones, since);
  });

  it("410 for one phone forgets it: its registration goes, it is never pushed again, the others still are", async () => {
    const gone = phones[0]!;
    fakeApns.answer = (token) => (token === gone.pushToken ? { status: 410, reason: 'Unregistered' } : undefined);
    await sleep(3500);
    await scanEveryPhone();
    await settled();
    expect((await stage.check.query('select 1 from apple_pass_devices where device_library_id = $1', [gone.device])).rowCount).toBe(0);
    const receivedBefore = fakeApns.received.filter((push) => push.token === gone.pushToken).length;
    await sleep(3500);
    const since = Date.now();
    await scanEveryPhone();
    await settled();
    expect(fakeApns.received.filter((push) => push.token === gone.pushToken).length).toBe(receivedBefore);
    await expectDeliveredOnce(phones.slice(1), since);
  });
});
