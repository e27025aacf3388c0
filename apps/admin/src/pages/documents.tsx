import { formatBytes } from '@amicus/contract';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import type { DocumentView } from '../api/upstream-fields.js';
import { useServices } from '../app-context.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { withoutIds } from '../components/crawl-problems.js';
import { type DocFilters, DocumentFilters, EMPTY_FILTERS } from '../components/document-filters.js';
import { StatusBadge } from '../components/status-badge.js';
import { TableWrap } from '../components/table-wrap.js';
import { useDocumentPage } from '../components/use-document-page.js';
import { documentHref } from '../routing/routes.js';

/** A crawled page by its title (its address shown below it), a file by its own name. */
function shownName(d: DocumentView): string {
  return d.sourceType === 'crawl' && d.title ? d.title : d.name;
}

export function DocumentsPage() {
  const { api } = useServices();
  const [filters, setFilters] = useState<DocFilters>(EMPTY_FILTERS);
  // Cursors of the pages seen so far, so "Previous" can go back: the API only pages forward.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const after = cursors[cursors.length - 1] ?? null;
  const { docs, next, error, reload } = useDocumentPage(filters, after);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The list a deletion started from: once a new list has replaced it (the deleted rows, and the
  // buttons that opened the dialog, are gone), focus goes to the outcome instead of being lost.
  const [focusAfter, setFocusAfter] = useState<typeof docs | undefined>(undefined);
  useEffect(() => {
    if (focusAfter === undefined || docs === null || docs === focusAfter) return;
    noticeRef.current?.focus();
    setFocusAfter(undefined);
  }, [docs, focusAfter]);

  function toggle(id: string, on: boolean) {
    const s = new Set(selected);
    if (on) s.add(id);
    else s.delete(id);
    setSelected(s);
  }

  async function confirmDelete(ids: string[]) {
    setDeleting(true);
    try {
      if (ids.length === 1 && ids[0]) {
        const r = await api.deleteDocument(ids[0]);
        setNotice(`Deleted 1 document and its ${r.chunks_deleted ?? 0} indexed passages.`);
      } else {
        const r = await api.bulkDelete(ids);
        const failed = r.results.filter((x) => !x.deleted);
        const done = r.results.length - failed.length;
        setNotice(
          `Deleted ${done} document${done === 1 ? '' : 's'} and ${r.chunks_deleted} indexed passages.` +
            (failed.length
              ? ` ${failed.length} could not be deleted: ${failed.map((f) => f.error?.message ?? f.id).join('; ')}`
              : ''),
        );
      }
      setSelected(new Set());
      setFocusAfter(docs);
      reload();
    } catch (err) {
      setNotice(`Delete failed: ${describeError(err)}`);
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  }

  const names = new Map((docs ?? []).map((d) => [d.id, shownName(d)]));
  const filtered =
    filters.q !== '' || filters.namespace !== '' || filters.status !== '' || filters.sourceType !== '';
  return (
    <>
      <h1 tabIndex={-1}>Documents</h1>
      <DocumentFilters
        value={filters}
        onApply={(f) => {
          setFilters(f);
          setCursors([null]);
          setSelected(new Set());
        }}
      />
      {/* Announced as a live region when focus stays put (a failed delete), read on focus otherwise: once. */}
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={focusAfter === undefined ? 'status' : undefined}
        class={notice ? 'notice' : 'visually-hidden'}
      >
        {notice}
      </p>
      <div class="actions">
        <button
          type="button"
          class="button danger"
          disabled={selected.size === 0}
          onClick={() => setConfirming([...selected])}
        >
          Delete selected ({selected.size})
        </button>
      </div>
      {error ? <p role="alert" class="form-error">{`Could not load documents: ${error}`}</p> : null}
      {docs === null && !error ? <p role="status">Loading documents…</p> : null}
      {docs !== null && docs.length === 0 ? (
        <p>
          {next !== null
            ? 'No match among the documents searched so far. Press “Next page” to search further.'
            : filtered
              ? 'No documents match the filters.'
              : 'No documents yet. Add some from Upload or Crawl.'}
        </p>
      ) : null}
      {docs !== null && docs.length > 0 ? (
        <TableWrap label="Documents">
          <table>
            <caption class="visually-hidden">Documents in the knowledge base</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span class="visually-hidden">Select</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Namespace</th>
                <th scope="col">Source</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {docs.map((d) => (
                <tr key={d.id}>
                  <td>
                    {/* The label around the box makes a 44 px target; the box keeps its own name. */}
                    <label class="check-target">
                      <input
                        type="checkbox"
                        aria-label={`Select ${shownName(d)}`}
                        checked={selected.has(d.id)}
                        onChange={(e) => toggle(d.id, e.currentTarget.checked)}
                      />
                    </label>
                  </td>
                  <th scope="row" class="filename">
                    {/* A page by its title, its address below; a file by its name. */}
                    <a href={documentHref(d.id)}>{shownName(d)}</a>
                    {shownName(d) !== d.name ? <div class="muted url">{d.name}</div> : null}
                    {d.publicLink?.url ? <div class="muted url">Public link: {d.publicLink.url}</div> : null}
                  </th>
                  <td>
                    <StatusBadge status={d.status} />
                    {d.error ? <div class="cell-error">{withoutIds(d.error)}</div> : null}
                  </td>
                  <td>{d.namespace ?? '—'}</td>
                  <td>
                    {d.sourceType === 'crawl'
                      ? 'Crawled page'
                      : d.sourceType === 'upload'
                        ? 'Uploaded file'
                        : (d.sourceType ?? '—')}
                  </td>
                  <td class="nowrap">{d.bytes === null ? '—' : formatBytes(d.bytes)}</td>
                  <td>
                    <button
                      type="button"
                      class="button small danger"
                      aria-label={`Delete ${shownName(d)}`}
                      onClick={() => setConfirming([d.id])}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <nav class="pager" aria-label="Document pages">
        <button
          type="button"
          class="button"
          disabled={cursors.length <= 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
        <span>Page {cursors.length}</span>
        <button
          type="button"
          class="button"
          disabled={next === null}
          onClick={() => next && setCursors([...cursors, next])}
        >
          Next page
        </button>
      </nav>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming && confirming.length > 1
            ? `Delete ${confirming.length} documents?`
            : 'Delete this document?'
        }
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => confirming && void confirmDelete(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          The assistant will no longer use or cite{' '}
          {confirming && confirming.length > 1 ? 'these documents' : 'this document'}. This cannot be undone.
        </p>
        <ul>
          {(confirming ?? []).slice(0, 10).map((id) => (
            <li key={id}>{names.get(id) ?? id}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
