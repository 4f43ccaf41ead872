// jest's global set-up for the server projects: what the test files of a run share, or where it goes, settled
// before the workers start (they inherit the environment variables that say where it is).
import { loadConfig } from '../../server/config';
import { nameRunAppleCertificatesFolder } from './apple-certificates';
import writeDatabaseImage from './database-image';
import { nameSchemaCodeFolder } from './schema-code';
import { shareTestAppConfigs } from './test-config';

export default async function globalSetup(_globalConfig: unknown, projectConfig: { cacheDirectory: string }): Promise<void> {
  await writeDatabaseImage();
  nameRunAppleCertificatesFolder();
  shareTestAppConfigs(loadConfig);
  nameSchemaCodeFolder(projectConfig.cacheDirectory);
}
