import type { Db } from '../db/database.js';

/** One retrieved passage, ready to be numbered as `[Source N]`. */
export interface Passage {
  documentId: string;
  chunkIndex: number;
  /** The chunk text (without the title/heading prefix added for indexing). */
  text: string;
  /** Citation `source_filename`: the page URL for crawled pages, the file name for uploads. */
  sourceFilename: string;
  /** Human title: page <title>/<h1> or the file name. */
  title: string;
  /** Higher is better; fused score in [0, 1]. */
  score: number;
}

export interface SearchOptions {
  accountId: string;
  /** null = every namespace of the account. */
  namespaces: readonly string[] | null;
  query: string;
  limit: number;
}

/** Placeholder until the knowledge module lands: nothing indexed yet. */
export function searchPassages(_db: Db, _options: SearchOptions): Passage[] {
  return [];
}
