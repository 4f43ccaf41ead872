// Throw-away signing certificates made at test time with openssl: a root CA standing in for Apple,
// a "WWDR" intermediate it signs, and a Pass Type ID certificate the intermediate signs. Nothing
// secret is committed; each run makes its own. Three RSA keys cost openssl about 0.4 s of CPU, so the server
// projects' global set-up makes one set per run, which every test file asking for the default Pass Type ID
// shares (signing with them stays real in each test); other suites, and other Pass Type IDs, make their own.
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
/** Where the global set-up tells the test workers (which it starts after it returns) the run's set is. */
const RUN_CERTIFICATES_VARIABLE = 'STAMPWISE_TEST_APPLE_CERTIFICATES';

export function makeTestAppleCertificates(passTypeId = DEFAULT_PASS_TYPE_ID): TestAppleCertificates {
  const runCertificates = process.env[RUN_CERTIFICATES_VARIABLE];
  // The run's set outlives every file: a file's remove() leaves it to the global tear-down.
  if (runCertificates && passTypeId === DEFAULT_PASS_TYPE_ID) return { ...certificatesIn(runCertificates, passTypeId), remove: () => undefined };
  return generateCertificates(passTypeId);
}

/** The server projects' global set-up: one set for the whole run. */
export function writeRunAppleCertificates(): void {
  process.env[RUN_CERTIFICATES_VARIABLE] = generateCertificates(DEFAULT_PASS_TYPE_ID).dir;
}

export function removeRunAppleCertificates(): void {
  const dir = process.env[RUN_CERTIFICATES_VARIABLE];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

function generateCertificates(passTypeId: string): TestAppleCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-pass-certs-'));
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
