/**
 * Token count estimate used for usage and the daily quota: about four characters per token, the
 * usual rule of thumb for English BPE vocabularies. No tokenizer ships with the extractive answerer;
 * a generation backend's own usage figures replace this where it reports them.
 */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

/** Cuts text to about `tokens` tokens at a word boundary; returns null when it already fits. */
export function truncateToTokens(text: string, tokens: number): string | null {
  const maxChars = tokens * 4;
  if (text.length <= maxChars) return null;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return (space > maxChars / 2 ? cut.slice(0, space) : cut).trimEnd();
}
