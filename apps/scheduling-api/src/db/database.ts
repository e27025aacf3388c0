// Opening and migrating SQLite is @amicus/server-kit's; the app's modules keep importing `Db` from here.
// The migrations are handed over by data-dir.ts, the one place that opens the database.
export { type Db, type Migration, openDatabase } from '@amicus/server-kit';
