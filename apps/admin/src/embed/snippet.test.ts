import { describe, expect, it } from 'vitest';
import { buildSnippet, DEFAULT_EMBED } from './snippet.js';

describe('buildSnippet', () => {
  it('writes every chosen option as the data- attribute the widget reads', () => {
    const s = buildSnippet('https://relay.example', {
      color: '#ABCDEF',
      position: 'left',
      title: 'Court help',
      greeting: 'Hello',
      suggestions: 'How do I pay a fine?\nWhere is the court?',
      lang: 'es',
      disclaimer: 'Not legal advice',
    });
    expect(s).toContain('src="https://relay.example/widget.js"');
    expect(s).toContain('data-color="#abcdef"');
    expect(s).toContain('data-position="left"');
    expect(s).toContain('data-title="Court help"');
    expect(s).toContain('data-greeting="Hello"');
    expect(s).toContain('data-suggestions="How do I pay a fine?|Where is the court?"');
    expect(s).toContain('data-lang="es"');
    expect(s).toContain('data-disclaimer="Not legal advice"');
  });

  it('leaves out blank options so the widget defaults apply', () => {
    const s = buildSnippet('https://relay.example', { ...DEFAULT_EMBED, lang: '' });
    expect(s).not.toMatch(/data-(title|greeting|suggestions|lang|disclaimer|position)/);
  });

  it('escapes quotes and angle brackets, and uses JSON when a question contains "|"', () => {
    const s = buildSnippet('https://r', { ...DEFAULT_EMBED, title: 'A "b" <c>', suggestions: 'x|y' });
    expect(s).toContain('data-title="A &quot;b&quot; &lt;c&gt;"');
    expect(s).toContain('data-suggestions="[&quot;x|y&quot;]"');
  });
});
