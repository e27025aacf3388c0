import { isObject } from '../http/json-shapes.js';

type Schema = Record<string, unknown>;

/**
 * A value that satisfies the common shapes of a JSON schema, with the answer text placed in its
 * string fields. The extractive answerer cannot reason over a schema; filling it keeps JSON modes
 * machine-readable (valid JSON, required keys present) without pretending to be a language model.
 */
export function fillSchema(schema: Schema, text: string, depth = 0): unknown {
  if (depth > 8) return null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return text;
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return [];
    default: {
      const props = isObject(schema.properties) ? schema.properties : {};
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(props)) {
        if (isObject(sub)) out[key] = fillSchema(sub, text, depth + 1);
      }
      if (Object.keys(props).length === 0 && type !== 'object') return { answer: text };
      return out;
    }
  }
}

export function toJsonContent(
  format: { type: 'json_object' } | { type: 'json_schema'; schema: Schema },
  text: string,
): string {
  return JSON.stringify(format.type === 'json_object' ? { answer: text } : fillSchema(format.schema, text));
}
