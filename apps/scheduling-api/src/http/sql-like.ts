/** A LIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally (use with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
