import type { Readable } from 'node:stream';
import type { ChatbotClient, IngestAccepted } from '@amicus/chatbot-client';
import { ChatbotApiError } from '@amicus/chatbot-client';
import type { WireFileRejection } from '@amicus/protocol/admin';
import busboy from 'busboy';
import type { Request } from 'express';
import { type AdminError, invalid } from '../admin-error.js';
import { adminErrorFromUpstream } from '../upstream-error.js';
import { PartChecks } from './part-checks.js';
import { upstreamFileIndex } from './upload-rules.js';
import { UpstreamUpload } from './upstream-upload.js';

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
}

export type UploadOutcome = { namespace: string; files: string[] } & (
  | { kind: 'accepted'; accepted: IngestAccepted }
  | { kind: 'rejected'; rejections: WireFileRejection[] }
  | { kind: 'error'; error: AdminError }
);

// Parts past the file cap are still read (and reported one by one) up to this many extras.
const EXTRA_FILES_REPORTED = 50;

interface FilePart {
  file: Readable & { truncated?: boolean };
  filename: string;
  mimeType: string;
  index: number;
}

/**
 * Parses the incoming multipart stream with busboy: `PartChecks` checks each part, `UpstreamUpload`
 * re-encodes the accepted ones into the upstream request as they arrive. The first refusal cuts the
 * upstream request off (it then sees a truncated body and stores nothing); the rest of the body is
 * still read so every bad file gets its own reason.
 */
export function streamUpload(
  req: Request,
  client: ChatbotClient,
  limits: UploadLimits,
  requestId?: string,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const upstream = new UpstreamUpload(client, requestId);
    const checks = new PartChecks(limits, () => upstream.stop());
    const forwarding = () => checks.clean && upstream.accepting;
    // reading → (parser closed) parsed → (outcome given) done; an error or a hang-up jumps to done.
    let phase: 'reading' | 'parsed' | 'done' = 'reading';
    const finish = (outcome: UploadOutcome) => {
      if (phase === 'done') return;
      phase = 'done';
      resolve(outcome);
    };
    const failWith = (message: string, param: string | null = null) =>
      finish({
        kind: 'error',
        error: invalid(message, param),
        namespace: checks.namespace,
        files: checks.files,
      });

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
      failWith('Expected a multipart/form-data body.');
      return;
    }

    const readFile = async ({ file, filename, mimeType, index }: FilePart) => {
      let size = 0;
      const forwarded = forwarding();
      if (forwarded) upstream.startFile(checks.namespace, filename, mimeType);
      for await (const chunk of file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (forwarded && forwarding()) await upstream.data(chunk);
      }
      if (file.truncated) return;
      if (size === 0) checks.empty(index, filename);
      else if (forwarded && forwarding()) upstream.endFile();
    };

    const complete = async () => {
      const { namespace, files } = checks;
      const verdict = checks.verdict();
      if (verdict) return finish({ ...verdict, namespace, files });
      const result = await upstream.finish();
      if (result === null) return failWith('Attach at least one file.', 'file');
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

    // Parts are read strictly one after another: busboy can announce the next part before the
    // previous file stream has been drained, and interleaving them would corrupt the upstream body.
    const parts = serialQueue(readFile, () => {
      if (phase === 'parsed') void complete();
    });

    parser.on('field', (name, value, info) => checks.field(name, value, info.valueTruncated));
    parser.on('file', (name, file, info) => {
      if (name !== 'file') {
        file.resume();
        return;
      }
      const filename = info.filename ?? '';
      const index = checks.file(filename);
      if (index === null) {
        file.resume();
        return;
      }
      // Refused the moment the cap is crossed, so the upstream request is cut off at once.
      file.once('limit', () => checks.tooLarge(index, filename));
      parts.push({ file, filename, mimeType: info.mimeType, index });
    });
    parser.on('filesLimit', () => checks.fail(invalid('Far too many files in one upload.', 'file')));
    parser.on('fieldsLimit', () => checks.fail(invalid('Too many form fields.', null)));
    parser.on('error', () => {
      upstream.stop();
      failWith('Malformed multipart body.');
    });
    req.on('close', () => {
      // The admin went away mid-upload: the upstream request must not be left half-sent.
      if (!req.complete) {
        upstream.stop();
        failWith('The upload was interrupted.');
      }
    });
    parser.on('close', () => {
      if (phase === 'reading') phase = 'parsed';
      if (parts.idle) void complete();
    });

    req.pipe(parser);
  });
}

/** Runs `work` on each pushed item, one at a time in push order; `onIdle` after each run drains. */
function serialQueue<T>(work: (item: T) => Promise<void>, onIdle: () => void) {
  const items: T[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    for (let item = items.shift(); item; item = items.shift()) await work(item);
    running = false;
    onIdle();
  };
  return {
    push(item: T) {
      items.push(item);
      if (!running) void drain();
    },
    get idle() {
      return !running && items.length === 0;
    },
  };
}
