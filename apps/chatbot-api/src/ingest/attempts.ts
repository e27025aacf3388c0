import { readFile, rm, writeFile } from 'node:fs/promises';

/*
 * A spooled upload is processed again after a restart (resume.ts), which is right when the server
 * was merely stopped, and wrong when the file itself brought the process down: then it would do
 * so again at every start (issue 10, item 1). Each attempt is counted in a small file beside the
 * spooled one, written before processing begins, so a count survives the crash it counts.
 */

/** The first try and one resume; an upload interrupted again is failed rather than retried. */
export const MAX_ATTEMPTS = 2;

export const TOO_MANY_ATTEMPTS = `processing was interrupted ${MAX_ATTEMPTS} times (the server stopped while indexing this file); it is not retried`;

export function attemptsPath(spoolPath: string): string {
  return `${spoolPath}.attempts`;
}

/** Records one more attempt at a spooled file; false when it has had its MAX_ATTEMPTS already. */
export async function beginAttempt(spoolPath: string): Promise<boolean> {
  const path = attemptsPath(spoolPath);
  const before = Number.parseInt(await readFile(path, 'utf8').catch(() => '0'), 10) || 0;
  if (before >= MAX_ATTEMPTS) return false;
  await writeFile(path, String(before + 1));
  return true;
}

export async function clearAttempts(spoolPath: string): Promise<void> {
  await rm(attemptsPath(spoolPath), { force: true });
}
