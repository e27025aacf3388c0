import { readFileSync } from 'node:fs';

/*
 * Linguistic resources are data files in apps/chatbot-api/data/language (see its README for each
 * file's source and licence). src/language and dist/language sit at the same depth, so one relative
 * URL serves the sources run by vitest/tsx and the compiled build.
 */
const DATA_DIR = new URL('../../data/language/', import.meta.url);

export function readDataFile(name: string): string {
  return readFileSync(new URL(name, DATA_DIR), 'utf8');
}

/** Non-empty lines of a data file, without "#" comments. */
export function dataLines(name: string): string[] {
  return readDataFile(name)
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*$/, '').trimEnd())
    .filter((l) => l.trim() !== '');
}
