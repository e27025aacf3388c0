import { NAMESPACE_PATTERN } from '@amicus/contract';

/** Returns why a namespace is unusable, or null when it is fine. */
export function namespaceError(value: string): string | null {
  if (value === '') return 'Enter a namespace.';
  if (value.length > 64) return 'A namespace is at most 64 characters.';
  if (!NAMESPACE_PATTERN.test(value)) {
    return 'Use lowercase letters a–z, digits, "-" and "_" only, starting with a letter or digit.';
  }
  return null;
}
