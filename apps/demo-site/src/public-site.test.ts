import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicDir } from './index.js';

// Checks the static pages themselves: other teams' crawl, ingestion and e2e tests rely on these facts.
interface Page {
  url: string;
  html: string;
}

let pages: Page[] = [];

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

function urlOf(file: string): string {
  const rel = relative(publicDir, file).split(sep).join('/');
  return `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
}

function ids(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
}

beforeAll(async () => {
  const files = (await walk(publicDir)).filter((f) => f.endsWith('.html'));
  pages = await Promise.all(files.map(async (f) => ({ url: urlOf(f), html: await readFile(f, 'utf8') })));
});

describe('demo site pages', () => {
  it('has the English journeys and at least 3 Spanish pages', () => {
    const urls = pages.map((p) => p.url);
    for (const url of [
      '/',
      '/locations/',
      '/traffic/',
      '/jury/',
      '/small-claims/',
      '/family/',
      '/forms/',
      '/contact/',
    ]) {
      expect(urls).toContain(url);
    }
    expect(pages.filter((p) => p.html.includes('<html lang="es">')).length).toBeGreaterThanOrEqual(3);
  });

  it('embeds the widget with exactly one script tag on every page', () => {
    for (const { url, html } of pages) {
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts, url).toHaveLength(1);
      expect(scripts[0], url).toMatch(/^<script src="\{RELAY_URL\}\/widget\.js" async /);
    }
  });

  it('uses no inline styles or scripts, so it runs under a strict CSP', () => {
    for (const { url, html } of pages) {
      expect(html, url).not.toMatch(/\sstyle="|<style|\son[a-z]+="|javascript:/i);
    }
  });

  it('gives every page a language, a title, one h1 and a main landmark', () => {
    for (const { url, html } of pages) {
      expect(html, url).toMatch(/<html lang="(en|es)">/);
      expect(html, url).toMatch(/<title>[^<]+<\/title>/);
      expect(html.match(/<h1>/g), url).toHaveLength(1);
      expect(html, url).toContain('<main id="main"');
    }
  });

  it('has exactly one broken internal link, /forms/archive/, and every fragment exists', async () => {
    const byUrl = new Map(pages.map((p) => [p.url, p.html]));
    const broken = new Set<string>();
    for (const { url, html } of pages) {
      for (const [, href] of html.matchAll(/href="(\/[^"]*)"/g)) {
        const [path, fragment] = href!.split('#') as [string, string | undefined];
        if (/\.[a-z]+$/.test(path)) {
          await expect(readFile(join(publicDir, path)), `${url} → ${href}`).resolves.toBeDefined();
          continue;
        }
        const target = byUrl.get(path);
        if (target === undefined) {
          broken.add(path);
          continue;
        }
        if (fragment !== undefined) expect(ids(target).has(fragment), `${url} → ${href}`).toBe(true);
      }
    }
    expect([...broken]).toEqual(['/forms/archive/']);
  });

  it('lists every public page in sitemap.xml and disallows /staff/ in robots.txt', async () => {
    const sitemap = await readFile(join(publicDir, 'sitemap.xml'), 'utf8');
    const listed = [...sitemap.matchAll(/<loc>\{SITE_ORIGIN\}([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    const expected = pages
      .map((p) => p.url)
      .filter((u) => u !== '/staff/')
      .sort();
    expect(listed).toEqual(expected);
    const robots = await readFile(join(publicDir, 'robots.txt'), 'utf8');
    expect(robots).toContain('Disallow: /staff/');
    expect(robots).toContain('Sitemap: {SITE_ORIGIN}/sitemap.xml');
  });

  it('ships a real PDF form', async () => {
    const pdf = await readFile(join(publicDir, 'forms', 'sc-100-info.pdf'));
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.toString('latin1')).toContain('Small Claims Information Sheet');
  });
});
