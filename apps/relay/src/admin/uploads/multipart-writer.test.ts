import busboy from 'busboy';
import { describe, expect, it } from 'vitest';
import { MultipartWriter } from './multipart-writer.js';

describe('MultipartWriter', () => {
  it('applies backpressure: an unread upstream body stops accepting bytes after a bounded buffer', async () => {
    const writer = new MultipartWriter();
    const reader = writer.webBody().getReader();
    writer.fileHeader('file', 'big.txt', 'text/plain');
    const chunk = Buffer.alloc(64 * 1024, 120);
    let written = 0;
    // Give the web stream every chance to pull eagerly between writes.
    while (writer.data(chunk)) {
      written += chunk.length;
      await new Promise((r) => setImmediate(r));
      if (written > 32 * 1024 * 1024) break;
    }
    expect(written).toBeLessThan(1024 * 1024);
    const drained = writer.drained();
    await reader.read();
    await drained;
    writer.abort();
  });

  it('encodes fields and files so busboy, the upstream parser, reads them back with quotes intact', async () => {
    const writer = new MultipartWriter();
    const body = new Response(writer.webBody()).arrayBuffer();
    writer.field('namespace', 'general');
    writer.fileHeader('file', 'a "quoted" näme.txt', 'text/plain');
    writer.data(Buffer.from('hello'));
    writer.endFile();
    writer.finish();
    const parsed: Record<string, string> = {};
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: { 'content-type': writer.contentType }, defParamCharset: 'utf8' });
      parser.on('field', (name, value) => {
        parsed[name] = value;
      });
      parser.on('file', (_name, file, info) => {
        parsed.filename = info.filename ?? '';
        const parts: Buffer[] = [];
        file.on('data', (c: Buffer) => parts.push(c));
        file.on('end', () => {
          parsed.content = Buffer.concat(parts).toString();
        });
      });
      parser.on('close', resolve);
      parser.on('error', reject);
      void body.then((b) => parser.end(Buffer.from(b)));
    });
    expect(parsed).toEqual({ namespace: 'general', filename: 'a "quoted" näme.txt', content: 'hello' });
  });
});
