import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import { type DocumentView, toDocumentView } from '../api/upstream-fields.js';
import { useServices } from '../app-context.js';
import type { DocFilters } from './document-filters.js';

const PAGE_SIZE = 50;
/** While a listed document is still processing, the page re-reads itself this often. */
const PROCESSING_REFRESH_MS = 5_000;

export interface DocumentPage {
  docs: DocumentView[] | null;
  next: string | null;
  error: string | null;
  /** Re-reads the current page (after a delete). */
  reload: () => void;
}

/**
 * One page of the documents list. A new filter or page shows "Loading"; a reload keeps the rows on
 * screen until the fresh ones arrive, so a processing document turns ready without flicker.
 */
export function useDocumentPage(filters: DocFilters, after: string | null): DocumentPage {
  const { api } = useServices();
  const [docs, setDocs] = useState<DocumentView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const lastKey = useRef('');

  useEffect(() => {
    let cancelled = false;
    const key = JSON.stringify([filters, after]);
    if (key !== lastKey.current) setDocs(null);
    lastKey.current = key;
    setError(null);
    api.listDocuments({ ...filters, limit: PAGE_SIZE, after }).then(
      (page) => {
        if (cancelled) return;
        setDocs(page.data.map(toDocumentView));
        setNext(page.has_more ? page.next_cursor : null);
      },
      (err) => !cancelled && setError(describeError(err)),
    );
    return () => {
      cancelled = true;
    };
  }, [filters, after, tick]);

  const processing = docs?.some((d) => d.status === 'processing') ?? false;
  useEffect(() => {
    if (!processing) return;
    const t = setTimeout(() => setTick((n) => n + 1), PROCESSING_REFRESH_MS);
    return () => clearTimeout(t);
  }, [processing, docs]);

  return { docs, next, error, reload: () => setTick((n) => n + 1) };
}
