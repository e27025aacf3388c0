import type { Readable } from 'node:stream';
import type { ChatbotClient, IngestAccepted } from '@amicus/chatbot-client';
import { ChatbotApiError } from '@amicus/chatbot-client';
import busboy from 'busboy';
import type { Request } from 'express';
import { type AdminError, invalid } from '../admin-error.js';
import { adminErrorFromUpstream } from '../upstream-error.js';
import { MultipartWriter } from './multipart-writer.js';
import {
  checkFilename,
  type FileRejection,
  type FileRejectionCode,
  formatBytes,
  NAMESPACE_PATTERN,
  upstreamFileIndex,
} from './upload-rules.js';

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
}

export type UploadOutcome = { namespace: string; files: string[] } & (
  | { kind: 'accepted'; accepted: IngestAccepted }
  | { kind: 'rejected'; rejections: FileRejection[] }
  | { kind: 'error'; error: AdminError }
);

// Slow links must be able to push 20 × 25 MiB; the client's default deadline is for JSON calls.
const UPLOAD_TIMEOUT_MS = 30 * 60_000;
// Parts past the file cap are still read (and reported one by one) up to this many extras.
const EXTRA_FILES_REPORTED = 50;

/**
 * Parses the incoming multipart stream with busboy and re-encodes the accepted parts into the
 * upstream request as they arrive. The first rejection aborts the upstream request (the upstream
 * then sees a truncated body and stores nothing); the rest of the body is still read so every bad
 * file gets its own reason.
 */
export function streamUpload(
  req: Request,
  client: ChatbotClient,
  limits: UploadLimits,
  requestId?: string,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    let namespace = 'general';
    const files: string[] = [];
    const rejections: FileRejection[] = [];
    let fatal: AdminError | null = null;
    let writer: MultipartWriter | null = null;
    let upstream: Promise<IngestAccepted | ChatbotApiError | Error> | null = null;
    let upstreamFailed = false;
    let done = false;
    const controller = new AbortController();

    const finish = (outcome: UploadOutcome) => {
      if (done) return;
      done = true;
      resolve(outcome);
    };
    const forwarding = () => fatal === null && rejections.length === 0 && !upstreamFailed;
    const stopForwarding = () => {
      if (writer) {
        controller.abort();
        writer.abort();
      }
    };
    const reject = (index: number, filename: string, code: FileRejectionCode, reason: string) => {
      rejections.push({ index, filename, code, reason });
      stopForwarding();
    };
    const fail = (error: AdminError) => {
      fatal ??= error;
      stopForwarding();
    };
    const ensureUpstream = (active: MultipartWriter | null): MultipartWriter => {
      if (active) return active;
      const created = new MultipartWriter();
      created.field('namespace', namespace);
      upstream = client
        .uploadFiles(
          { body: created.webBody(), contentType: created.contentType },
          { signal: controller.signal, timeoutMs: UPLOAD_TIMEOUT_MS, ...(requestId ? { requestId } : {}) },
        )
        .catch((error: Error) => {
          // An upstream that answers early (an error) must not leave the client's upload hanging.
          upstreamFailed = true;
          created.abort();
          return error;
        });
      writer = created;
      return created;
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          files: limits.maxFiles + EXTRA_FILES_REPORTED,
          fields: 20,
          fieldSize: 1024,
          fileSize: limits.maxFileBytes,
          headerPairs: 20,
        },
      });
    } catch {
      finish({
        kind: 'error',
        error: invalid('Expected a multipart/form-data body.', null),
        namespace,
        files,
      });
      return;
    }

    parser.on('field', (name, value, info) => {
      if (name !== 'namespace') return;
      if (files.length > 0) fail(invalid('Send the namespace field before the files.', 'namespace'));
      else if (info.valueTruncated || !NAMESPACE_PATTERN.test(value)) {
        fail(invalid('namespace must match ^[a-z0-9][a-z0-9_-]{0,63}$.', 'namespace'));
      } else namespace = value;
    });

    // Parts are handled strictly one after another: busboy can announce the next part before the
    // previous file stream has been drained, and interleaving them would corrupt the upstream body.
    const queue: {
      file: Readable & { truncated?: boolean };
      filename: string;
      mimeType: string;
      index: number;
    }[] = [];
    let pumping = false;
    let parserClosed = false;

    const handleFile = async (item: (typeof queue)[number]) => {
      const { file, filename, index } = item;
      let size = 0;
      const forwarded = forwarding();
      if (forwarded) ensureUpstream(writer).fileHeader('file', filename, item.mimeType);
      for await (const chunk of file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (forwarded && forwarding() && writer && !writer.data(chunk)) await writer.drained();
      }
      if (file.truncated) return;
      if (size === 0) reject(index, filename, 'empty_file', `"${filename}" is empty.`);
      else if (forwarded && forwarding()) writer?.endFile();
    };

    const pump = async () => {
      if (pumping) return;
      pumping = true;
      for (let item = queue.shift(); item; item = queue.shift()) await handleFile(item);
      pumping = false;
      if (parserClosed) void complete();
    };

    parser.on('file', (name, file, info) => {
      if (name !== 'file') {
        file.resume();
        return;
      }
      const index = files.length;
      const filename = info.filename ?? '';
      files.push(filename);
      if (index >= limits.maxFiles) {
        reject(index, filename, 'too_many_files', `At most ${limits.maxFiles} files per upload.`);
        file.resume();
        return;
      }
      const bad = checkFilename(filename);
      if (bad) {
        reject(index, filename, bad.code, bad.reason);
        file.resume();
        return;
      }
      // Rejected the moment the cap is crossed, so the upstream request is cut off at once.
      file.once('limit', () =>
        reject(
          index,
          filename,
          'file_too_large',
          `"${filename}" is over ${formatBytes(limits.maxFileBytes)}.`,
        ),
      );
      queue.push({ file, filename, mimeType: info.mimeType, index });
      void pump();
    });

    parser.on('filesLimit', () => fail(invalid('Far too many files in one upload.', 'file')));
    parser.on('fieldsLimit', () => fail(invalid('Too many form fields.', null)));
    parser.on('error', () => {
      stopForwarding();
      finish({ kind: 'error', error: invalid('Malformed multipart body.', null), namespace, files });
    });
    req.on('close', () => {
      // The admin went away mid-upload: the upstream request must not be left half-sent.
      if (!req.complete) {
        stopForwarding();
        finish({ kind: 'error', error: invalid('The upload was interrupted.', null), namespace, files });
      }
    });

    parser.on('close', () => {
      parserClosed = true;
      if (!pumping && queue.length === 0) void complete();
    });

    const complete = async () => {
      if (fatal) return finish({ kind: 'error', error: fatal, namespace, files });
      if (rejections.length > 0) {
        // 'end' of an empty file can land after a later part's header check; report in form order.
        rejections.sort((a, b) => a.index - b.index);
        return finish({ kind: 'rejected', rejections, namespace, files });
      }
      if (files.length === 0 || !writer || !upstream) {
        return finish({
          kind: 'error',
          error: invalid('Attach at least one file.', 'file'),
          namespace,
          files,
        });
      }
      (writer as MultipartWriter).finish();
      const result = await upstream;
      if (!(result instanceof Error)) return finish({ kind: 'accepted', accepted: result, namespace, files });
      const index = result instanceof ChatbotApiError ? upstreamFileIndex(result.param) : null;
      if (index !== null && result instanceof ChatbotApiError && result.status === 400) {
        const rejection = { index, filename: files[index] ?? '', code: 'rejected_upstream' as const };
        return finish({
          kind: 'rejected',
          rejections: [{ ...rejection, reason: result.message }],
          namespace,
          files,
        });
      }
      finish({ kind: 'error', error: adminErrorFromUpstream(result), namespace, files });
    };

    req.pipe(parser);
  });
}
