import { ALLOWED_EXTENSIONS, DEFAULT_NAMESPACE, MAX_FILES_PER_UPLOAD } from '@amicus/contract';
import { useMemo, useRef, useState } from 'preact/hooks';
import { describeError, FilesRejectedError } from '../api/errors.js';
import { perFileProgress, uploadFiles } from '../api/upload.js';
import { useServices } from '../app-context.js';
import { FileList, type PickedFile } from '../components/file-list.js';
import { NamespacePicker } from '../components/namespace-picker.js';
import { jobHref } from '../routing/routes.js';
import { navigate } from '../routing/use-route.js';
import { checkFileContent } from '../validation/file-content.js';
import { fileError } from '../validation/file-rules.js';
import { namespaceError } from '../validation/namespace.js';

interface Entry {
  key: number;
  file: File;
  /** undefined while the content check runs. */
  contentReason: string | null | undefined;
  serverReason: string | null;
  progress: number | null;
}

/** Name, size and content rules per file, then the per-upload count over the files still accepted. */
function withReasons(entries: readonly Entry[]): PickedFile[] {
  let accepted = 0;
  return entries.map((e) => {
    let reason = fileError(e.file) ?? e.contentReason ?? e.serverReason;
    if (reason === null && e.contentReason !== undefined) {
      if (accepted >= MAX_FILES_PER_UPLOAD) {
        reason = `At most ${MAX_FILES_PER_UPLOAD} files per upload. Remove some, or add this one in a next upload.`;
      } else accepted += 1;
    }
    return {
      key: e.key,
      file: e.file,
      reason,
      checking: e.contentReason === undefined,
      progress: e.progress,
    };
  });
}

export function UploadPage() {
  const { api, tracker } = useServices();
  const [namespace, setNamespace] = useState(DEFAULT_NAMESPACE);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [tried, setTried] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const nextKey = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);

  const picked = useMemo(() => withReasons(entries), [entries]);
  const sendable = picked.filter((p) => p.reason === null && !p.checking);
  const rejected = picked.filter((p) => p.reason !== null).length;
  const nsError = namespaceError(namespace);

  function add(list: FileList | null) {
    if (!list || list.length === 0) return;
    const added: Entry[] = [...list].map((file) => ({
      key: nextKey.current++,
      file,
      contentReason: fileError(file) === null ? undefined : null,
      serverReason: null,
      progress: null,
    }));
    setEntries((prev) => [...prev, ...added]);
    setMessage(null);
    for (const e of added) {
      if (e.contentReason !== undefined) continue;
      checkFileContent(e.file).then(
        (reason) => update(e.key, { contentReason: reason }),
        () => update(e.key, { contentReason: 'The file could not be read. Try choosing it again.' }),
      );
    }
    const bad = withReasons(added).filter((p) => p.reason !== null).length;
    setAnnounce(
      `${added.length} file${added.length === 1 ? '' : 's'} added${bad ? `, ${bad} not allowed` : ''}.`,
    );
  }

  function update(key: number, patch: Partial<Entry>) {
    setEntries((prev) => prev.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  }

  async function submit(e: Event) {
    e.preventDefault();
    setTried(true);
    if (nsError) return;
    if (sendable.length === 0) {
      setMessage('Add at least one file that can be uploaded.');
      return;
    }
    const sending = sendable.map((p) => p.file);
    const keys = sendable.map((p) => p.key);
    const sizes = sending.map((f) => f.size);
    setBusy(true);
    setMessage(null);
    setAnnounce(`Uploading ${sending.length} files.`);
    let lastAnnounced = 0;
    abort.current = new AbortController();
    try {
      const job = await uploadFiles(
        api,
        namespace,
        sending,
        (p) => {
          const fractions = perFileProgress(sizes, p);
          setEntries((prev) =>
            prev.map((en) => {
              const i = keys.indexOf(en.key);
              return i === -1 ? en : { ...en, progress: fractions[i] ?? 0 };
            }),
          );
          // Announce in 25% steps: every byte count would flood a screen reader.
          const pct = Math.floor((p.loaded / Math.max(1, p.total)) * 4) * 25;
          if (pct > lastAnnounced) {
            lastAnnounced = pct;
            setAnnounce(`Upload ${pct}% sent.`);
          }
        },
        abort.current.signal,
      );
      tracker.upsert(job);
      navigate(jobHref('ingest', job.id));
    } catch (err) {
      setBusy(false);
      setEntries((prev) => prev.map((en) => ({ ...en, progress: null })));
      if (err instanceof FilesRejectedError) {
        for (const r of err.files) {
          const key = keys[r.index];
          if (key !== undefined) update(key, { serverReason: r.reason });
        }
        setMessage(
          `Nothing was uploaded: the server refused ${err.files.length} file(s), marked below. Press Upload again to send the others.`,
        );
      } else if (abort.current?.signal.aborted) {
        setMessage('Upload cancelled. Nothing was added; the files are still listed below.');
      } else {
        setMessage(`Upload failed: ${describeError(err)}`);
      }
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Upload files</h1>
      <p>
        Add the court's documents to the knowledge base. Allowed types: {ALLOWED_EXTENSIONS.join(' ')}. Up to{' '}
        {MAX_FILES_PER_UPLOAD} files per upload, each at most 25 MiB.
      </p>
      <form onSubmit={submit} noValidate>
        <NamespacePicker id="upload-ns" value={namespace} onValue={setNamespace} showErrors={tried} />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path. */}
        <div
          class={`dropzone${dragging ? ' dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            if (!busy) add(e.dataTransfer?.files ?? null);
          }}
        >
          <p>Drag files here, or</p>
          <input
            ref={inputRef}
            id="file-input"
            class="visually-hidden"
            type="file"
            multiple
            disabled={busy}
            accept={ALLOWED_EXTENSIONS.join(',')}
            onChange={(e) => {
              add(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          {/* After the input so CSS can draw the input's keyboard focus on this visible label. */}
          <label for="file-input" class="button primary file-button">
            Choose files…
          </label>
        </div>
        <FileList
          files={picked}
          busy={busy}
          onRemove={(key) => setEntries((p) => p.filter((x) => x.key !== key))}
        />
        {picked.length > 0 ? (
          <p>
            {sendable.length} file{sendable.length === 1 ? '' : 's'} will be uploaded
            {rejected > 0 ? `; ${rejected} cannot be added (reason shown in the list)` : ''}.
          </p>
        ) : null}
        <div role="alert" class={message ? 'form-error' : 'visually-hidden'}>
          {message}
        </div>
        <div class="actions">
          <button type="submit" class="button primary" disabled={busy}>
            {busy ? 'Uploading…' : `Upload ${sendable.length || ''} file${sendable.length === 1 ? '' : 's'}`}
          </button>
          {busy ? (
            <button type="button" class="button" onClick={() => abort.current?.abort()}>
              Cancel upload
            </button>
          ) : null}
          {entries.length > 0 && !busy ? (
            <button type="button" class="button" onClick={() => setEntries([])}>
              Clear list
            </button>
          ) : null}
        </div>
        <p class="visually-hidden" role="status" aria-live="polite">
          {announce}
        </p>
      </form>
    </>
  );
}
