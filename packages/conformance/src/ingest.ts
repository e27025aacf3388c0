import type { SampleFile } from './files/sample-files.js';
import { eventually } from './fixture.js';
import { type ApiResponse, call } from './http.js';
import { multipart, type Part } from './multipart.js';

export const TERMINAL_JOB_STATES = ['completed', 'completed_with_errors', 'failed'];

/** POST /ingest/files with one `file` part per file (and a namespace part when given). */
export function upload(
  baseUrl: string,
  key: string,
  files: SampleFile[],
  namespace?: string,
): Promise<ApiResponse> {
  const parts: Part[] = files.map((f) => ({
    name: 'file',
    filename: f.filename,
    contentType: f.contentType,
    content: f.content,
  }));
  if (namespace !== undefined) parts.unshift({ name: 'namespace', content: namespace });
  const form = multipart(parts);
  return call(`${baseUrl}/ingest/files`, 'POST', {
    key,
    body: form.body,
    headers: { 'content-type': form.contentType },
  });
}

/** Polls a job until it reaches a terminal state; returns the last job object. */
export function waitForJob(url: string, key: string, timeoutMs = 60_000): Promise<Record<string, unknown>> {
  return eventually(
    async () => {
      const res = await call(url, 'GET', { key });
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.text}`);
      const job = res.body as Record<string, unknown>;
      return TERMINAL_JOB_STATES.includes(job.status as string) ? job : undefined;
    },
    timeoutMs,
    250,
  );
}

/** Uploads files and waits for the ingest job to finish. */
export async function ingest(baseUrl: string, key: string, files: SampleFile[], namespace?: string) {
  const res = await upload(baseUrl, key, files, namespace);
  if (res.status < 200 || res.status > 299) throw new Error(`upload failed: ${res.status} ${res.text}`);
  const accepted = res.body as { job_id: string; document_ids: string[] };
  const job = await waitForJob(`${baseUrl}/ingest/jobs/${accepted.job_id}`, key);
  return { accepted, job };
}
