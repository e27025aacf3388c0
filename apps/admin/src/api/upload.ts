import type { WireJob } from '@amicus/protocol/admin';
import type { AdminApi } from './admin-api.js';
import { NetworkError } from './errors.js';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Sends all files in one multipart request (one upload = one ingest job, as the API doc describes).
 * XMLHttpRequest because `fetch` still reports no upload progress; the caller spreads the byte count
 * over the files, which travel in order.
 */
export function uploadFiles(
  api: AdminApi,
  namespace: string,
  files: readonly File[],
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<WireJob> {
  const form = new FormData();
  // The relay reads the namespace before the files, so it must be the first part.
  form.append('namespace', namespace);
  for (const f of files) form.append('file', f, f.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${api.base}/uploads`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    if (api.csrfToken) xhr.setRequestHeader('X-CSRF-Token', api.csrfToken);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as WireJob);
      else reject(api.failed(xhr.status, xhr.response, xhr.getResponseHeader('Retry-After')));
    });
    xhr.addEventListener('error', () => reject(new NetworkError()));
    xhr.addEventListener('abort', () => reject(new NetworkError('The upload was cancelled.')));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/**
 * Per-file fractions (0..1) from the overall byte count: files are sent in order, so file i is done
 * once the bytes of files 0..i have gone. Multipart headers add a little overhead, spread evenly.
 */
export function perFileProgress(sizes: readonly number[], p: UploadProgress): number[] {
  const payload = sizes.reduce((a, b) => a + b, 0);
  const overhead = Math.max(0, p.total - payload) / Math.max(1, sizes.length);
  let start = 0;
  return sizes.map((size) => {
    const span = size + overhead;
    const fraction = span === 0 ? 1 : (p.loaded - start) / span;
    start += span;
    return Math.min(1, Math.max(0, fraction));
  });
}
