import { useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { type DocFilters, DocumentFilters, EMPTY_FILTERS } from '../components/document-filters.js';
import { StatusBadge } from '../components/status-badge.js';
import { TableWrap } from '../components/table-wrap.js';
import { useDocumentPage } from '../components/use-document-page.js';
import { documentHref } from '../routing/routes.js';
import { formatBytes } from '../validation/file-rules.js';

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
      reload();
    } catch (err) {
      setNotice(`Delete failed: ${describeError(err)}`);
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  }

  const names = new Map((docs ?? []).map((d) => [d.id, d.name]));
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
      <p role="status" class={notice ? 'notice' : 'visually-hidden'}>
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
                        aria-label={`Select ${d.name}`}
                        checked={selected.has(d.id)}
                        onChange={(e) => toggle(d.id, e.currentTarget.checked)}
                      />
                    </label>
                  </td>
                  <th scope="row" class="filename">
                    <a href={documentHref(d.id)}>{d.name}</a>
                  </th>
                  <td>
                    <StatusBadge status={d.status} />
                    {d.error ? <div class="cell-error">{d.error}</div> : null}
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
                      aria-label={`Delete ${d.name}`}
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
