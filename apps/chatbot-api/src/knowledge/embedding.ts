export const EMBEDDING_DIMENSIONS = 1024;
export type InputType = 'search_document' | 'search_query';

/** Placeholder until the knowledge module lands. Deterministic, L2-normalised, 1024 dimensions. */
export function embedText(_text: string, _inputType: InputType = 'search_document'): Float32Array {
  const v = new Float32Array(EMBEDDING_DIMENSIONS);
  v[0] = 1;
  return v;
}
