import type { RouteDef } from '../http/route.js';
import type { AppDeps } from '../deps.js';

/** Routes of the ingestion and documents API (scope `ingest`). */
export function createIngestRoutes(_deps: AppDeps): RouteDef[] {
  return [];
}
