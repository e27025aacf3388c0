import { badRequest } from './http-error.js';

export interface Page {
  limit: number;
  skip: number;
  sort: string;
  direction: 'ASC' | 'DESC';
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;

function count(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(`The ${name} parameter must be an integer from ${min} to ${max}.`, name);
  }
  return Number(raw);
}

/** `limit`, `skip`, `sort`, `sortDirection` of every list endpoint; `sort` must be one of `sortable`. */
export function readPage(query: URLSearchParams, sortable: readonly string[]): Page {
  const sort = query.get('sort') || 'created_at';
  if (!sortable.includes(sort)) {
    throw badRequest(`The sort parameter must be one of: ${sortable.join(', ')}.`, 'sort');
  }
  const dir = (query.get('sortDirection') || 'desc').toLowerCase();
  if (dir !== 'asc' && dir !== 'desc')
    throw badRequest('The sortDirection parameter must be asc or desc.', 'sortDirection');
  return {
    limit: count(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
    skip: count(query, 'skip', 0, 0, Number.MAX_SAFE_INTEGER),
    sort,
    direction: dir === 'asc' ? 'ASC' : 'DESC',
  };
}

/** ORDER BY … LIMIT … OFFSET …; `sort` was checked against a fixed list, `seq` keeps ties in insertion order. */
export function pageSql(page: Page): { sql: string; params: number[] } {
  return {
    sql: ` ORDER BY ${page.sort} ${page.direction}, seq ${page.direction} LIMIT ? OFFSET ?`,
    params: [page.limit, page.skip],
  };
}
