import { formatBytes } from '@amicus/contract';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import { type DocumentView, toDocumentView } from '../api/upstream-fields.js';
import { useServices } from '../app-context.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { Fact } from '../components/job-summary.js';
import { PublicLinkForm } from '../components/public-link-form.js';
import { StatusBadge } from '../components/status-badge.js';

export function DocumentDetailPage({ id }: { id: string }) {
  const { api } = useServices();
  const [doc, setDoc] = useState<DocumentView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);
  const deletedNote = useRef<HTMLParagraphElement>(null);

  // The Delete button is gone once the document is: focus moves to the outcome, which is read out
  // (WCAG 2.4.3), instead of falling back to the top of the page.
  useEffect(() => {
    if (deleted) deletedNote.current?.focus();
  }, [deleted]);

  useEffect(() => {
    api.getDocument(id).then(
      (d) => setDoc(toDocumentView(d)),
      (err) => setError(describeError(err)),
    );
  }, [id]);

  async function remove() {
    setDeleting(true);
    try {
      const r = await api.deleteDocument(id);
      setDeleted(
        `Deleted. ${r.chunks_deleted ?? 0} indexed passages were removed; the assistant will no longer cite this document.`,
      );
    } catch (err) {
      setError(`Delete failed: ${describeError(err)}`);
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>{doc ? doc.name : 'Document'}</h1>
      <p>
        <a href="#/documents">All documents</a>
      </p>
      {error ? (
        <p role="alert" class="form-error">
          {error}
        </p>
      ) : null}
      <p ref={deletedNote} tabIndex={-1} class={deleted ? 'notice' : 'visually-hidden'}>
        {deleted}
      </p>
      {!doc && !error ? <p role="status">Loading…</p> : null}
      {doc ? (
        <>
          <dl class="facts">
            <Fact term="Status">
              <StatusBadge status={doc.status} />
            </Fact>
            {doc.error ? <Fact term="Error">{doc.error}</Fact> : null}
            {doc.title ? <Fact term="Title">{doc.title}</Fact> : null}
            <Fact term="Source">
              {doc.sourceType === 'crawl'
                ? 'Crawled page'
                : doc.sourceType === 'upload'
                  ? 'Uploaded file'
                  : (doc.sourceType ?? 'Unknown')}
            </Fact>
            <Fact term="Source address">
              {doc.sourceUrl && /^https?:\/\//.test(doc.sourceUrl) ? (
                <a href={doc.sourceUrl} rel="noopener noreferrer" target="_blank" class="url">
                  {doc.sourceUrl}
                  <span class="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                (doc.sourceUrl ?? '—')
              )}
            </Fact>
            <Fact term="Namespace">{doc.namespace ?? '—'}</Fact>
            <Fact term="Size">{doc.bytes === null ? 'Unknown' : formatBytes(doc.bytes)}</Fact>
            <Fact term="Indexed passages (chunks)">{doc.chunkCount ?? 'Unknown'}</Fact>
            <Fact term="Added">{doc.createdAt ? new Date(doc.createdAt).toLocaleString() : '—'}</Fact>
            <Fact term="Updated">{doc.updatedAt ? new Date(doc.updatedAt).toLocaleString() : '—'}</Fact>
            <Fact term="Document id">
              <code>{doc.id}</code>
            </Fact>
          </dl>
          {doc.sourceType === 'crawl' || deleted ? null : <PublicLinkForm doc={doc} />}
          {deleted ? null : (
            <button type="button" class="button danger" onClick={() => setConfirming(true)}>
              Delete document
            </button>
          )}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete this document?"
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          “{doc?.name}” and its {doc?.chunkCount ?? ''} indexed passages will be removed. The assistant will
          no longer cite it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
