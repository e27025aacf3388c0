// Opening and migrating SQLite is @amicus/server-kit's; the app's modules keep importing `Db` from here.
// Storage knows no feature: the composition root (data-dir.ts, with ../migrations.ts) hands it every migration.
export { type Db, type Migration, openDatabase } from '@amicus/server-kit';
