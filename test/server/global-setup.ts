// jest's global set-up for the server projects: what every test file of a run shares, made once before the
// workers start (they inherit the environment variables that say where it is).
import { writeRunAppleCertificates } from './apple-certificates';
import writeDatabaseImage from './database-image';

export default async function globalSetup(): Promise<void> {
  await writeDatabaseImage();
  writeRunAppleCertificates();
}
