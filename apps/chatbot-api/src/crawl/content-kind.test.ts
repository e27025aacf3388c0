import { describe, expect, it } from 'vitest';
import { contentKind, safeMime, toUtf8 } from './content-kind.js';

describe('contentKind', () => {
  it('goes by Content-Type, and by extension for generic download types', () => {
    const u = (p: string) => new URL(`https://court.example${p}`);
    expect(contentKind('text/html; charset=utf-8', u('/'))).toBe('.html');
    expect(contentKind('application/pdf', u('/x'))).toBe('.pdf');
    expect(contentKind('text/plain', u('/notes.md'))).toBe('.md');
    expect(contentKind('application/octet-stream', u('/form.docx'))).toBe('.docx');
    expect(contentKind('image/png', u('/logo.png'))).toBeNull();
    expect(contentKind('', u('/page'))).toBeNull();
  });

  it('reads the extension of a path with a malformed percent-escape as written', () => {
    const u = new URL('https://court.example/forms/fee%E0%A4%A-waiver.pdf');
    expect(contentKind('application/octet-stream', u)).toBe('.pdf');
    expect(contentKind('text/html', u)).toBe('.html');
  });

  it('sanitises MIME types for messages', () => {
    expect(safeMime('image/png; x=<script>')).toBe('image/png');
    expect(safeMime('')).toBe('none');
  });
});

describe('toUtf8', () => {
  it('re-encodes a declared legacy charset', () => {
    const latin1 = Buffer.from('Información', 'latin1');
    expect(toUtf8(latin1, 'text/html; charset=ISO-8859-1', '.html').toString('utf8')).toBe('Información');
    const meta = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><p>'),
      Buffer.from('Año', 'latin1'),
    ]);
    expect(toUtf8(meta, 'text/html', '.html').toString('utf8')).toContain('Año');
    expect(toUtf8(Buffer.from('ok'), 'application/pdf; charset=latin1', '.pdf').toString()).toBe('ok');
  });
});
