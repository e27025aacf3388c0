import type { Request, Response } from 'express';

/** Content codings we keep precompressed copies in, best first, with the file suffix of each. */
export const CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
export type Coding = (typeof CODINGS)[number]['coding'];

/**
 * The best coding the client accepts among those available, or undefined for the plain bytes.
 * Ours is the preference (brotli, ~10 % smaller here), not the header's order: browsers list
 * `gzip, deflate, br`. A q of 0 refuses a coding (Express's `acceptsEncodings`); no header at all
 * gets the plain bytes, as clients that send none usually cannot decode.
 */
export function pickCoding(req: Request, available: (coding: Coding) => boolean): Coding | undefined {
  if (!req.get('accept-encoding')) return undefined;
  return CODINGS.map((c) => c.coding).find((c) => available(c) && req.acceptsEncodings(c) === c);
}

/**
 * Headers of a response whose body depends on Accept-Encoding. `Vary` goes on every such response,
 * the plain one included, so a shared cache never hands brotli to a client that did not ask for it.
 */
export function setCoding(res: Response, coding: Coding | undefined): void {
  res.vary('Accept-Encoding');
  if (coding) res.setHeader('Content-Encoding', coding);
}
