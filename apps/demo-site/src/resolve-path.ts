import { realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

export type Resolved =
  | { kind: 'file'; path: string }
  /** A directory requested without its trailing slash: relative links inside it need the slash. */
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  | { kind: 'bad-request' };

/**
 * Maps a URL pathname to a file under `root`, or says why it cannot.
 * Safe against `..`, encoded separators, NUL bytes and symlinks that point outside `root`.
 */
export async function resolvePublicPath(root: string, pathname: string): Promise<Resolved> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'bad-request' };
  }
  // `//` is refused too: it would make the directory redirect below a protocol-relative (open) redirect.
  if (
    decoded.includes('\0') ||
    decoded.includes('\\') ||
    decoded.includes('//') ||
    !decoded.startsWith('/')
  ) {
    return { kind: 'bad-request' };
  }
  // Any `..` segment is refused outright rather than normalised: no legitimate link needs one.
  if (decoded.split('/').some((segment) => segment === '..')) return { kind: 'bad-request' };

  const base = resolve(root);
  const candidate = resolve(join(base, decoded));
  if (!isInside(base, candidate)) return { kind: 'bad-request' };

  const info = await stat(candidate).catch(() => null);
  if (info === null) return { kind: 'not-found' };
  if (info.isDirectory()) {
    if (!decoded.endsWith('/')) return { kind: 'redirect', location: `${pathname}/` };
    return confine(base, join(candidate, 'index.html'));
  }
  // `/about/index.html/` names no file: treat the trailing slash as significant like a static host would.
  if (decoded.endsWith('/')) return { kind: 'not-found' };
  return confine(base, candidate);
}

async function confine(base: string, filePath: string): Promise<Resolved> {
  const real = await realpath(filePath).catch(() => null);
  if (real === null) return { kind: 'not-found' };
  const realBase = await realpath(base);
  if (!isInside(realBase, real)) return { kind: 'not-found' };
  const info = await stat(real).catch(() => null);
  if (info === null || !info.isFile()) return { kind: 'not-found' };
  return { kind: 'file', path: real };
}

function isInside(base: string, candidate: string): boolean {
  return candidate === base || candidate.startsWith(base + sep);
}
