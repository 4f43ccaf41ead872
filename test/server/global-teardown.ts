// jest's global tear-down for the server projects: deletes what the global set-up made.
import { removeRunAppleCertificates } from './apple-certificates';
import { removeDatabaseImage } from './database-image';

export default function globalTeardown(): void {
  removeDatabaseImage();
  removeRunAppleCertificates();
}
