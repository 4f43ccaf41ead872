// jest's global tear-down for the server projects: deletes the migrated database that the set-up wrote.
export { removeDatabaseImage as default } from './database-image';
