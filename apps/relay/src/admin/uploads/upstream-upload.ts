import type { ChatbotClient, IngestAccepted } from '@amicus/chatbot-client';
import { MultipartWriter } from './multipart-writer.js';

// Slow links must be able to push 20 × 25 MiB; the client's default deadline is for JSON calls.
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/**
 * The upstream upload request, forwarding accepted parts as they are read. Its states: `idle` (no
 * file forwarded yet, no request), `open` (a request under way, fed part by part), `stopped` (cut
 * off: a part was refused, or the upstream answered early with an error; it then stores nothing).
 */
export class UpstreamUpload {
  private state: 'idle' | 'open' | 'stopped' = 'idle';
  private writer: MultipartWriter | null = null;
  private response: Promise<IngestAccepted | Error> | null = null;
  private readonly controller = new AbortController();

  constructor(
    private readonly client: ChatbotClient,
    private readonly requestId: string | undefined,
  ) {}

  /** Whether more parts may still be forwarded. */
  get accepting(): boolean {
    return this.state !== 'stopped';
  }

  /** Starts a file part, opening the request (with the namespace) for the first one. */
  startFile(namespace: string, filename: string, mimeType: string): void {
    if (this.state === 'stopped') return;
    this.open(namespace).fileHeader('file', filename, mimeType);
  }

  /** Forwards a chunk, waiting for the request body to drain when it is full. */
  async data(chunk: Buffer): Promise<void> {
    if (this.state !== 'open' || !this.writer) return;
    if (!this.writer.data(chunk)) await this.writer.drained();
  }

  endFile(): void {
    if (this.state === 'open') this.writer?.endFile();
  }

  /** Cuts the request off: the upstream sees a truncated body and stores nothing. */
  stop(): void {
    if (this.writer) {
      this.controller.abort();
      this.writer.abort();
    }
    this.state = 'stopped';
  }

  /** Ends the body and waits for the upstream's answer; null when no file was ever forwarded. */
  async finish(): Promise<IngestAccepted | Error | null> {
    if (!this.writer || !this.response) return null;
    this.writer.finish();
    return this.response;
  }

  private open(namespace: string): MultipartWriter {
    if (this.writer) return this.writer;
    const writer = new MultipartWriter();
    writer.field('namespace', namespace);
    const { requestId } = this;
    this.response = this.client
      .uploadFiles(
        { body: writer.webBody(), contentType: writer.contentType },
        { signal: this.controller.signal, timeoutMs: UPLOAD_TIMEOUT_MS, ...(requestId ? { requestId } : {}) },
      )
      .catch((error: Error) => {
        // An upstream that answers early (an error) must not leave the client's upload hanging.
        this.state = 'stopped';
        writer.abort();
        return error;
      });
    this.writer = writer;
    this.state = 'open';
    return writer;
  }
}
