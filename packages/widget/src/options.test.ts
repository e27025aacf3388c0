import { describe, expect, it } from 'vitest';
import { parseList, readOptions } from './options';
import { colorRule, isSpanish, pickLang } from './theme';

const settings = (dataset: Record<string, string>, config?: Record<string, unknown>) => ({
  src: 'https://relay.example/widget.js',
  dataset,
  config,
  lang: 'en',
});

describe('readOptions', () => {
  it('takes the relay origin and the chunk directory from the script src', () => {
    const o = readOptions({ ...settings({}), src: 'https://relay.example/assets/widget.js?v=2' });
    expect(o.relay).toBe('https://relay.example');
    expect(o.assets).toBe('https://relay.example/assets/');
  });

  it('has privacy-first defaults', () => {
    expect(readOptions(settings({}))).toMatchObject({
      position: 'right',
      storage: 'session',
      open: false,
      suggestions: [],
      strings: {},
    });
  });

  it('reads every data- attribute', () => {
    const o = readOptions(
      settings({
        position: 'left',
        storage: 'local',
        open: '',
        title: 'Court help',
        greeting: 'Hi',
        disclaimer: 'Not advice',
        suggestions: 'One?|Two?',
        i18n: '{"send":"Ask"}',
      }),
    );
    expect(o).toMatchObject({
      position: 'left',
      storage: 'local',
      open: true,
      suggestions: ['One?', 'Two?'],
    });
    expect(o.strings).toEqual({ send: 'Ask', title: 'Court help', greeting: 'Hi', disclaimer: 'Not advice' });
  });

  it('lets data- attributes win over window.AmicusConfig, whose strings still apply', () => {
    const o = readOptions(
      settings(
        { storage: 'session' },
        { storage: 'local', open: true, strings: { send: 'Go', stop: 'Halt' } },
      ),
    );
    expect(o.storage).toBe('session');
    expect(o.open).toBe(true);
    expect(o.strings).toEqual({ send: 'Go', stop: 'Halt' });
  });

  it('ignores malformed JSON and unknown values', () => {
    const o = readOptions(settings({ i18n: '{oops', position: 'top', storage: 'cookie' }));
    expect(o).toMatchObject({ strings: {}, position: 'right', storage: 'session' });
  });
});

describe('parseList', () => {
  it('accepts pipes or a JSON array', () => {
    expect(parseList(' A? | B? |')).toEqual(['A?', 'B?']);
    expect(parseList('["A | B?", "C?"]')).toEqual(['A | B?', 'C?']);
    expect(parseList(['x', 3, ''])).toEqual(['x']);
    expect(parseList(undefined)).toEqual([]);
  });
});

describe('language and theme', () => {
  it('picks data-lang, then the page, then the browser', () => {
    expect(pickLang('es', 'en', 'fr')).toBe('es');
    expect(pickLang(undefined, ' ', 'es-MX')).toBe('es-MX');
    expect(pickLang(undefined, '', '')).toBe('en');
    expect(isSpanish('es-419')).toBe(true);
    expect(isSpanish('est')).toBe(false);
  });

  it('gives a hex colour readable text: white on dark, near-black on light', () => {
    expect(colorRule('#1d3557')).toBe(':host{--amicus-color:#1d3557;--amicus-on-color:#fff}');
    expect(colorRule('#fc0')).toBe(':host{--amicus-color:#ffcc00;--amicus-on-color:#111}');
    expect(colorRule('red; } :host { display: none')).toBe('');
    expect(colorRule(undefined)).toBe('');
  });
});
