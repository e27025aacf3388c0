/**
 * Whether `text` has more than `max` Unicode code points, as the contract counts characters
 * (an emoji outside the BMP is one character, not two UTF-16 units). No array is built: a string
 * within `max` UTF-16 units is within `max` code points, and a longer one is walked once.
 */
export function exceedsCodePoints(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point; a lone surrogate counts alone.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > max) return true;
  }
  return false;
}
