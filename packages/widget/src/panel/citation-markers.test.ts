import type { WireCitation } from '@amicus/protocol';
import { describe, expect, it } from 'vitest';
import { collectSources, plainText, visibleWhileStreaming } from './citation-markers';

const cite = (index: number, documentId = `doc${index}`, chunkIndex = 0): WireCitation => ({
  index,
  title: `Title ${index}`,
  url: `https://court.example/${index}`,
  preview: `Preview ${index}`,
  documentId,
  chunkIndex,
});

describe('visibleWhileStreaming', () => {
  it.each(['[', '[S', '[Sour', '[Source', '[Source ', '[Source 1', '[Source 12'])(
    'holds back the partial marker %j at the end',
    (tail) => {
      expect(visibleWhileStreaming(`Pay online. ${tail}`)).toBe('Pay online. ');
    },
  );

  it('shows complete markers and ordinary brackets', () => {
    expect(visibleWhileStreaming('Pay online [Source 1].')).toBe('Pay online [Source 1].');
    expect(visibleWhileStreaming('See [the form] here')).toBe('See [the form] here');
    expect(visibleWhileStreaming('Use [Sx')).toBe('Use [Sx');
  });

  it('joins a marker split across deltas once the rest arrives', () => {
    let text = 'Pay online [Sour';
    expect(visibleWhileStreaming(text)).toBe('Pay online ');
    text += 'ce 2';
    expect(visibleWhileStreaming(text)).toBe('Pay online ');
    text += '] today.';
    expect(visibleWhileStreaming(text)).toBe('Pay online [Source 2] today.');
  });
});

describe('collectSources', () => {
  it('lists each source once, in order, even when cited repeatedly', () => {
    const { list, byIndex } = collectSources([cite(2), cite(1), cite(2)]);
    expect(list.map((c) => c.index)).toEqual([1, 2]);
    expect(byIndex.get(2)?.title).toBe('Title 2');
  });

  it('folds two numbers pointing at the same passage into one entry', () => {
    const { list, byIndex } = collectSources([cite(1, 'a', 3), cite(2, 'a', 3), cite(3, 'b')]);
    expect(list.map((c) => c.index)).toEqual([1, 3]);
    expect(byIndex.get(2)?.index).toBe(1);
  });

  it('lists each page once, whichever passages of it are cited', () => {
    const { list, byIndex } = collectSources([cite(1, 'a', 0), cite(2, 'a', 5), cite(3, 'b')]);
    expect(list.map((c) => c.index)).toEqual([1, 3]);
    expect(byIndex.get(2)?.index).toBe(1);
  });

  it('drops a site-name suffix that repeats across sources or names the site, and no other', () => {
    const titled = (...titles: string[]) => titles.map((title, i) => ({ ...cite(i + 1), title }));
    const names = (titles: string[], site?: string) =>
      collectSources(titled(...titles), site).list.map((c) => c.title);
    expect(names(['Pay a ticket | Superior Court', 'Jury duty | Superior Court'])).toEqual([
      'Pay a ticket',
      'Jury duty',
    ]);
    expect(names(['Fees — Tribunal', 'Horario - Tribunal', 'Pre-trial motions'])).toEqual([
      'Fees',
      'Horario',
      'Pre-trial motions',
    ]);
    expect(names(['Pay a ticket | Superior Court'], 'Home | Superior Court')).toEqual(['Pay a ticket']);
    expect(names(['Pay a ticket | Superior Court'], 'Superior Court')).toEqual(['Pay a ticket']);
    expect(names(['Small claims - Filing | Court', 'Fees | Court'])).toEqual([
      'Small claims - Filing',
      'Fees',
    ]);
    // One source, nothing to compare with and not the site's name: the title may be "Topic - Subtopic".
    expect(names(['Small claims - Filing'], 'Home | Superior Court')).toEqual(['Small claims - Filing']);
    const { byIndex } = collectSources(titled('A | Court', 'B | Court'));
    expect(byIndex.get(2)?.title).toBe('B');
  });

  it('has nothing for an answer without citations', () => {
    expect(collectSources([]).list).toEqual([]);
  });
});

describe('plainText', () => {
  it('spells markers out and drops Markdown syntax for the status region', () => {
    const text = '**Pay** the [fine](https://x.example) online [Source 1].\n\n- Step *one*';
    expect(plainText(text, (n) => `Source ${n}`)).toBe('Pay the fine online (Source 1). Step one');
  });
});
