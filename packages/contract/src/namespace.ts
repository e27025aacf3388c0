// Namespaces group documents (shared/spec/chatbot-api.md, "Namespace").

export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Used on upload when none is given. */
export const DEFAULT_NAMESPACE = 'general';

/** The API's message for a namespace that does not match; `param` is `namespace`. */
export const NAMESPACE_MESSAGE = 'namespace must match ^[a-z0-9][a-z0-9_-]{0,63}$.';

export function isNamespace(value: unknown): value is string {
  return typeof value === 'string' && NAMESPACE_PATTERN.test(value);
}
