import type { Migration } from '../db/database.js';

// Documents, chunks (FTS5 + vectors), jobs and webhook deliveries.
export const knowledgeMigrations: Migration[] = [];
