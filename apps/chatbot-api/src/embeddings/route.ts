import type { AppDeps } from '../deps.js';
import { exceedsChars } from '../http/char-length.js';
import { badRequest } from '../http/http-error.js';
import { isAbsent, requireObjectBody } from '../http/json-shapes.js';
import type { RouteDef } from '../http/route.js';
import { EMBEDDING_DIMENSIONS, embedText, type InputType } from '../knowledge/embedding.js';
import { estimateTokens } from '../limits/tokens.js';
import { recordUsage } from '../limits/usage.js';

const MAX_INPUTS = 96;
const MAX_CHARS = 100_000;

interface EmbeddingRequest {
  inputs: string[];
  model: string;
  base64: boolean;
  inputType: InputType;
}

function checkText(v: unknown, param: string): string {
  if (typeof v !== 'string') throw badRequest('Each input must be a string.', param);
  if (v.length === 0) throw badRequest('Input strings must not be empty.', param);
  if (exceedsChars(v, MAX_CHARS))
    throw badRequest(`Input strings must be at most ${MAX_CHARS} characters.`, param);
  return v;
}

export function validateEmbedding(body: unknown): EmbeddingRequest {
  const b = requireObjectBody(body);
  let inputs: string[];
  if (Array.isArray(b.input)) {
    if (b.input.length === 0) throw badRequest('input must hold 1 to 96 strings.', 'input');
    if (b.input.length > MAX_INPUTS)
      throw badRequest(`input may hold at most ${MAX_INPUTS} strings.`, `input[${MAX_INPUTS}]`);
    inputs = b.input.map((v, i) => checkText(v, `input[${i}]`));
  } else {
    inputs = [checkText(b.input, 'input')];
  }
  if (!isAbsent(b.model) && typeof b.model !== 'string') throw badRequest('model must be a string.', 'model');
  if (!isAbsent(b.encoding_format) && b.encoding_format !== 'float' && b.encoding_format !== 'base64') {
    throw badRequest('encoding_format must be float or base64.', 'encoding_format');
  }
  if (b.dimensions !== undefined && b.dimensions !== EMBEDDING_DIMENSIONS) {
    throw badRequest(`dimensions must be ${EMBEDDING_DIMENSIONS}.`, 'dimensions');
  }
  if (!isAbsent(b.input_type) && b.input_type !== 'search_document' && b.input_type !== 'search_query') {
    throw badRequest('input_type must be search_document or search_query.', 'input_type');
  }
  return {
    inputs,
    model: typeof b.model === 'string' && b.model !== '' ? b.model : 'default',
    base64: b.encoding_format === 'base64',
    inputType: (b.input_type as InputType | undefined | null) ?? 'search_document',
  };
}

function toBase64(vector: Float32Array): string {
  // Little-endian float32, as the OpenAI clients decode it.
  const bytes = Buffer.alloc(vector.length * 4);
  // The vector's own buffer is platform-endian; copy through a DataView to fix the byte order.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i]!, true);
  return bytes.toString('base64');
}

export function createEmbeddingRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/v1/embeddings',
      scope: 'chat',
      body: 'json',
      handle(ctx, req, res) {
        const request = validateEmbedding(req.body);
        const data = request.inputs.map((text, index) => {
          const vector = embedText(text, request.inputType);
          return {
            object: 'embedding',
            index,
            embedding: request.base64 ? toBase64(vector) : Array.from(vector),
          };
        });
        const tokens = request.inputs.reduce((sum, t) => sum + estimateTokens(t), 0);
        recordUsage(deps.db, ctx.accountId, tokens, deps.now());
        res.json({
          object: 'list',
          data,
          model: request.model,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        });
      },
    },
  ];
}
