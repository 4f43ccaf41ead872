// The catalogue reader for the client suites: the server's (one reader of the files for Node).
import path from 'node:path';

export { compileCatalogue, readSourceCatalogue } from '../../server/infra/catalogue-files';

export function messagesDir(): string {
  return path.resolve(__dirname, '../../src/i18n/messages');
}
