// Throw-away signing certificates made at test time with openssl: a root CA standing in for Apple,
// a "WWDR" intermediate it signs, and a Pass Type ID certificate the intermediate signs. Nothing
// secret is committed; each run makes its own. Three RSA keys cost openssl about 0.4 s of CPU, so a jest run of
// the server projects makes one set, the first time a test file asks for it, which every later file asking for the
// default Pass Type ID shares (signing with them stays real in each test); other suites, and other Pass Type IDs,
// make their own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestAppleCertificates {
  dir: string;
  caCert: string;
  wwdrCert: string;
  passCert: string;
  passKey: string;
  /** The Apple variables pointing at these files. */
  env: Record<string, string>;
  remove(): void;
}

const DEFAULT_PASS_TYPE_ID = 'pass.test.stampwise';
/** The run's folder, named by the global set-up for the test workers (which it starts after it returns). */
const RUN_FOLDER_VARIABLE = 'STAMPWISE_TEST_APPLE_CERTIFICATES';

export function makeTestAppleCertificates(passTypeId = DEFAULT_PASS_TYPE_ID): TestAppleCertificates {
  const runFolder = process.env[RUN_FOLDER_VARIABLE];
  if (!runFolder || passTypeId !== DEFAULT_PASS_TYPE_ID) return generateCertificates(passTypeId, fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-pass-certs-')));
  const shared = path.join(runFolder, 'set');
  if (!fs.existsSync(shared)) {
    // Made aside and renamed into place, which is atomic: two workers asking at once both make one, and the
    // second rename fails on the folder the first put there.
    const making = fs.mkdtempSync(path.join(runFolder, 'making-'));
    generateCertificates(passTypeId, making);
    try {
      fs.renameSync(making, shared);
    } catch (error) {
      fs.rmSync(making, { recursive: true, force: true });
      if (!fs.existsSync(shared)) throw error;
    }
  }
  // The run's set outlives every file: a file's remove() leaves it to the global tear-down.
  return { ...certificatesIn(shared, passTypeId), remove: () => undefined };
}

/** The server projects' global set-up: the run's folder, where the first file that needs them makes the set. */
export function nameRunAppleCertificatesFolder(): void {
  process.env[RUN_FOLDER_VARIABLE] = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-pass-certs-'));
}

export function removeRunAppleCertificates(): void {
  const runFolder = process.env[RUN_FOLDER_VARIABLE];
  if (runFolder) fs.rmSync(runFolder, { recursive: true, force: true });
}

function generateCertificates(passTypeId: string, dir: string): TestAppleCertificates {
  const at = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  fs.writeFileSync(at('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  fs.writeFileSync(at('leaf.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n');
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Test Root CA', '-days', '2');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.csr', '-subj', '/CN=Test WWDR');
  openssl('x509', '-req', '-in', 'wwdr.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'wwdr.pem', '-days', '2', '-extfile', 'ca.ext');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'pass.key', '-out', 'pass.csr', '-subj', `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=TESTTEAM01`);
  openssl('x509', '-req', '-in', 'pass.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-CAcreateserial', '-out', 'pass.pem', '-days', '2', '-extfile', 'leaf.ext');
  return certificatesIn(dir, passTypeId);
}

function certificatesIn(dir: string, passTypeId: string): TestAppleCertificates {
  const at = (name: string) => path.join(dir, name);
  return {
    dir,
    caCert: at('ca.pem'),
    wwdrCert: at('wwdr.pem'),
    passCert: at('pass.pem'),
    passKey: at('pass.key'),
    env: {
      APPLE_PASS_TYPE_ID: passTypeId,
      APPLE_TEAM_ID: 'TESTTEAM01',
      APPLE_PASS_CERT: at('pass.pem'),
      APPLE_PASS_KEY: at('pass.key'),
      APPLE_WWDR_CERT: at('wwdr.pem'),
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
