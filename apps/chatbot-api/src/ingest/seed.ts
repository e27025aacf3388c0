import type { AppDeps } from '../deps.js';

export interface SeedOptions {
  accountId: string;
  /** Directory of a static site (HTML files, `folder/index.html` style). */
  dir: string;
  /** Public origin the site is served at; each page's source URL is baseUrl + its path. */
  baseUrl: string;
  namespace: string;
}

export interface SeedResult {
  jobId: string;
  documents: number;
  failed: number;
}

/** Placeholder until the knowledge module lands. */
export async function seedDirectory(_deps: AppDeps, _options: SeedOptions): Promise<SeedResult> {
  return { jobId: '', documents: 0, failed: 0 };
}
