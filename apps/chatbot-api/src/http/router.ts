import type { Method, RouteDef } from './route.js';

export type RouteMatch =
  | { kind: 'route'; route: RouteDef; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

interface Compiled {
  route: RouteDef;
  segments: string[];
}

function splitPath(path: string): string[] {
  return path.split('/').slice(1);
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith(':')) {
      if (a === '') return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(a);
      } catch {
        // Undecodable escapes cannot name any resource; treat as a value that matches nothing stored.
        decoded = a;
      }
      params[p.slice(1)] = decoded;
    } else if (p !== a) {
      return null;
    }
  }
  return params;
}

/**
 * The single route table of the app. Routing is decided here, before authentication, so that unknown
 * paths (404) and unsupported methods (405 with a sorted Allow) answer the same with or without a key.
 */
export function createRouter(routes: readonly RouteDef[]) {
  const compiled: Compiled[] = routes.map((route) => ({ route, segments: splitPath(route.path) }));

  function byPath(path: string): { route: RouteDef; params: Record<string, string> }[] {
    const actual = splitPath(path);
    const found: { route: RouteDef; params: Record<string, string> }[] = [];
    for (const c of compiled) {
      const params = matchSegments(c.segments, actual);
      if (params) found.push({ route: c.route, params });
    }
    return found;
  }

  return {
    match(method: string, path: string, search: string): RouteMatch {
      const candidates = byPath(path);
      if (candidates.length === 0) {
        if (path.length > 1 && path.endsWith('/')) {
          const canonical = path.replace(/\/+$/, '');
          if (canonical !== '' && byPath(canonical).length > 0) {
            return { kind: 'redirect', location: canonical + search };
          }
        }
        return { kind: 'not-found' };
      }
      const hit = candidates.find((c) => c.route.method === (method as Method));
      if (hit) return { kind: 'route', ...hit };
      const allow = [...new Set(candidates.map((c) => c.route.method))].sort();
      return { kind: 'method-not-allowed', allow };
    },
  };
}
