/** Validated chat completion request, as the code works with it (the wire shape stays in the validator). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface InMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  /** Text parts joined; null for an assistant tool-call turn without text. */
  content: string | null;
  toolCalls: ToolCall[];
  toolCallId: string | null;
}

export interface ToolDef {
  name: string;
  description: string | null;
  parameters: Record<string, unknown> | null;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: Record<string, unknown> };

export interface CompletionRequest {
  model: string | null | undefined;
  messages: InMessage[];
  stream: boolean;
  includeUsage: boolean;
  tools: ToolDef[];
  toolChoice: ToolChoice;
  responseFormat: ResponseFormat;
  stop: string[];
  temperature: number | null;
  topP: number | null;
  maxCompletionTokens: number | null;
  /**
   * Extensions of ours, outside the contract (unknown fields are ignored by the provider):
   * `amicus_explain: true` asks for `amicus_explanation` (why this answer, for staff), and string
   * `metadata` keys name who can help (see answer/answerer.ts helpFromMetadata).
   */
  explain: boolean;
  metadata: Record<string, string> | null;
}

export const MAX_COMPLETION_TOKENS = 8192;
export const MAX_CONTENT_CHARS = 100_000;
