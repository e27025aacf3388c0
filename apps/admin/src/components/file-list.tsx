import { formatBytes } from '@amicus/contract';
import { TableWrap } from './table-wrap.js';

export interface PickedFile {
  key: number;
  file: File;
  /** Why the file will not be sent; null when it is fine. */
  reason: string | null;
  /** True while the content check (signature, UTF-8) runs. */
  checking: boolean;
  /** 0..1 while uploading; null before. */
  progress: number | null;
}

function StatusCell({ f }: { f: PickedFile }) {
  if (f.reason) {
    return (
      <span class="file-rejected">
        <strong>Not added:</strong> {f.reason}
      </span>
    );
  }
  if (f.checking) return <span>Checking…</span>;
  if (f.progress === null) return <span>Ready to upload</span>;
  const pct = Math.round(f.progress * 100);
  return (
    <span class="progress-cell">
      <progress max={100} value={pct} aria-label={`Upload of ${f.file.name}`} />
      <span>{pct === 100 ? 'Sent' : `${pct}%`}</span>
    </span>
  );
}

export function FileList({
  files,
  busy,
  onRemove,
}: {
  files: readonly PickedFile[];
  busy: boolean;
  onRemove: (key: number) => void;
}) {
  if (files.length === 0) return null;
  return (
    <TableWrap label="Selected files">
      <table class="files">
        <caption>Selected files</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Size</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr key={f.key} class={f.reason ? 'row-rejected' : undefined}>
              <th scope="row" class="filename">
                {f.file.name}
              </th>
              <td class="nowrap">{formatBytes(f.file.size)}</td>
              <td>
                <StatusCell f={f} />
              </td>
              <td>
                <button
                  type="button"
                  class="button small"
                  disabled={busy}
                  onClick={() => onRemove(f.key)}
                  aria-label={`Remove ${f.file.name}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
