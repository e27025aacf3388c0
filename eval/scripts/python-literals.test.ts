import { describe, expect, it } from 'vitest';
import { Call, evalExpression, readPython, Unknown } from './python-literals.js';

describe('python-literals', () => {
  it('reads strings of every kind, numbers, lists, tuples, dicts and +', () => {
    expect(evalExpression(`"a" 'b' + """c"""`)).toBe('abc');
    expect(evalExpression(`r"\\d" + b"x" + "\\u00e9"`)).toBe('\\dxé');
    expect(evalExpression('[1, (2, 3), {"k": None, "t": True}]')).toEqual([1, [2, 3], { k: null, t: true }]);
  });

  it('binds names in source order, fills f-strings, and skips what it cannot read', () => {
    const { env } = readPython(
      [
        'from x import y',
        'name = "Tax"',
        'title = f"{name} Court"',
        'def ignored(self):',
        '    self.slug = "about"',
        'total = [n for n in range(3)]',
      ].join('\n'),
    );
    expect(env.title).toBe('Tax Court');
    expect(env['self.slug']).toBe('about');
    expect(env).not.toHaveProperty('total');
  });

  it('records calls without running them, and marks unknown names', () => {
    const { calls } = readPython('Page(title="Fees", body=[block], slug=snippet.name)');
    expect(calls).toHaveLength(1);
    const page = calls[0]!;
    expect(page).toBeInstanceOf(Call);
    expect(page.name).toBe('Page');
    expect(page.kwargs.title).toBe('Fees');
    expect((page.kwargs.body as unknown[])[0]).toBeInstanceOf(Unknown);
  });
});
