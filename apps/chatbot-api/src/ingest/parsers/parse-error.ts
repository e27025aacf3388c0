/** A file that cannot be turned into text; the message is safe to show to the uploader. */
export class ParseError extends Error {
  override readonly name = 'ParseError';
}
