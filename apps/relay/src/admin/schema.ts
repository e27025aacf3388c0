import type { SqlMigration } from '../storage/sql.js';

/** Tables of the admin API: staff users, admin sessions, audit log, jobs seen. */
export const adminMigrations: SqlMigration[] = [];
