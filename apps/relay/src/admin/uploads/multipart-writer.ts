import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';

/**
 * Writes a multipart/form-data body part by part into a stream the upstream request reads from, so
 * files pass through with backpressure and are never held whole. Writes report `false` when the
 * buffer is full; the caller pauses its source until `drain`.
 */
export class MultipartWriter {
  readonly boundary = `amicus-${randomBytes(16).toString('hex')}`;
  readonly stream = new PassThrough();

  get contentType(): string {
    return `multipart/form-data; boundary=${this.boundary}`;
  }

  /** The body as a web stream, the form fetch sends without buffering. */
  webBody(): ReadableStream<Uint8Array> {
    return Readable.toWeb(this.stream) as unknown as ReadableStream<Uint8Array>;
  }

  field(name: string, value: string): boolean {
    return this.stream.write(
      `--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
  }

  fileHeader(name: string, filename: string, mimeType: string): boolean {
    // The filename was validated (no control characters, slashes or backslashes), so escaping the
    // quote is the only thing left to make it a safe quoted-string.
    const quoted = filename.replaceAll('"', '\\"');
    const type = /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? mimeType : 'application/octet-stream';
    return this.stream.write(
      `--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${quoted}"\r\nContent-Type: ${type}\r\n\r\n`,
    );
  }

  /** Resolves when the buffer has room again, or at once if the body was torn down meanwhile. */
  drained(): Promise<void> {
    if (this.stream.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
    });
  }

  data(chunk: Buffer): boolean {
    return this.stream.write(chunk);
  }

  endFile(): boolean {
    return this.stream.write('\r\n');
  }

  finish(): void {
    this.stream.end(`--${this.boundary}--\r\n`);
  }

  /** Tears the body down mid-way; the upstream sees a truncated request and stores nothing. */
  abort(): void {
    this.stream.destroy(new Error('upload aborted'));
  }
}
