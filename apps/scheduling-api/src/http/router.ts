import type { Method, RouteDef } from './route.js';

export type RouteMatch =
  | { kind: 'route'; route: RouteDef; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

function splitPath(path: string): string[] {
  return path.split('/').slice(1);
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith(':')) {
      if (a === '') return null;
      try {
        params[p.slice(1)] = decodeURIComponent(a);
      } catch {
        // An undecodable escape names nothing stored; it simply finds no record.
        params[p.slice(1)] = a;
      }
    } else if (p !== a) {
      return null;
    }
  }
  return params;
}

/** The single route table: routing is decided here, before authentication. */
export function createRouter(routes: readonly RouteDef[]) {
  const compiled = routes.map((route) => ({ route, segments: splitPath(route.path) }));
  return {
    match(method: string, path: string): RouteMatch {
      const actual = splitPath(path);
      const candidates: { route: RouteDef; params: Record<string, string> }[] = [];
      for (const c of compiled) {
        const params = matchSegments(c.segments, actual);
        if (params) candidates.push({ route: c.route, params });
      }
      if (candidates.length === 0) return { kind: 'not-found' };
      const hit = candidates.find((c) => c.route.method === (method as Method));
      if (hit) return { kind: 'route', ...hit };
      const allow = [...new Set(candidates.map((c) => c.route.method))].sort();
      return { kind: 'method-not-allowed', allow };
    },
  };
}
