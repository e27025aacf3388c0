/**
 * What every fixture build script shares: its command line (`<git-dir> <commit> <out-dir>`), reading
 * files of one commit of the source repository, and writing the static site — one `index.html` per
 * page, a robots.txt that disallows one folder, and a sitemap of the allowed pages, both naming
 * `http://localhost:8000` (the eval's static server replaces that origin with its own).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FixtureSource {
  outDir: string;
  /** The commit read, as its full hash, and its date (YYYY-MM-DD): what a fixture's README records. */
  commit: string;
  commitDate: string;
  /** A file's text at the commit. */
  show(path: string): string;
  /** The names in a folder at the commit; `recursive` lists every file below it by path. */
  list(dir: string, options?: { recursive?: boolean }): string[];
}

/** Reads `<git-dir> <commit> <out-dir>` from the command line (exits with usage when missing). */
export function fixtureSource(script: string): FixtureSource {
  const [gitDir, commit, outDir] = process.argv.slice(2);
  if (!gitDir || !commit || !outDir) {
    console.error(`usage: ${script} <git-dir> <commit> <out-dir>`);
    process.exit(2);
  }
  const git = (...args: string[]): string =>
    execFileSync('git', ['--git-dir', gitDir, ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  return {
    outDir,
    commit: git('rev-parse', `${commit}^{commit}`).trim(),
    commitDate: git('log', '-1', '--format=%cs', commit).trim(),
    show: (path) => git('show', `${commit}:${path}`),
    list: (dir, options = {}) =>
      git('ls-tree', ...(options.recursive ? ['-r'] : []), '--name-only', commit, `${dir}/`)
        .split('\n')
        .filter((l) => l.length > 0),
  };
}

/**
 * Replaces `outDir` with the pages (`path` is a folder path such as `/help/`), a robots.txt that
 * disallows `disallowed` and a sitemap of every other page.
 */
export function writeStaticSite(
  outDir: string,
  pages: readonly { path: string; html: string }[],
  disallowed: string,
): void {
  rmSync(outDir, { recursive: true, force: true });
  for (const p of pages) {
    mkdirSync(join(outDir, p.path), { recursive: true });
    writeFileSync(join(outDir, p.path, 'index.html'), p.html);
  }
  writeFileSync(
    join(outDir, 'robots.txt'),
    `User-agent: *\nDisallow: ${disallowed}\n\nSitemap: http://localhost:8000/sitemap.xml\n`,
  );
  const allowed = pages
    .filter((p) => !p.path.startsWith(disallowed))
    .map((p) => p.path)
    .sort();
  writeFileSync(
    join(outDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${allowed
      .map((p) => `  <url><loc>http://localhost:8000${p}</loc></url>`)
      .join('\n')}\n</urlset>\n`,
  );
  console.log(`${pages.length} pages (${allowed.length} allowed) written to ${outDir}`);
}
