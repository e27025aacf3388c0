// Shapes of the Chatbot API as they appear on the network (snake_case, per the contract). The client
// returns them unchanged: callers such as the relay map them to their own types at their edge.
// Job and document shapes are the contract's own (@amicus/contract), shared with the servers.
import type { Document, DocumentStatus } from '@amicus/contract';

export interface ApiErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export interface ApiErrorEnvelope {
  error: ApiErrorBody;
}

export interface Citation {
  source_index: number;
  document_id: string;
  source_filename: string;
  chunk_index: number;
  text_preview: string;
  score: number;
  /** Extension field: the page title, when the upstream knows one. */
  title?: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  refusal: null;
  tool_calls: unknown[] | null;
  citations: Citation[] | null;
}

export type ChatRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

export interface ChatMessageParam {
  role: ChatRole;
  content: string | { type: 'text'; text: string }[];
  tool_call_id?: string;
  tool_calls?: unknown[];
}

export interface ChatCompletionRequest {
  model?: string | null;
  messages: ChatMessageParam[];
  stream_options?: { include_usage?: boolean };
  max_completion_tokens?: number;
  temperature?: number;
  top_p?: number;
  stop?: string[];
  /** Unknown fields are accepted by the API; let callers pass extensions through. */
  [extra: string]: unknown;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: { index: number; message: AssistantMessage; finish_reason: string | null }[];
  usage?: Usage;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: { role?: 'assistant'; content?: string | null; citations?: Citation[] };
    finish_reason: string | null;
  }[];
  usage?: Usage | null;
}

export interface Model {
  id: string;
  object: 'model';
  [extra: string]: unknown;
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  [extra: string]: unknown;
}

export interface Conversation {
  id: string;
  object: 'conversation';
  model: string | null;
  metadata: Record<string, string>;
  created: number;
  updated: number;
}

export interface ConversationMessage {
  role: 'user' | 'assistant';
  content: string | null;
  citations?: Citation[] | null;
  [extra: string]: unknown;
}

export interface ConversationWithMessages extends Conversation {
  messages: ConversationMessage[];
}

export interface CreateConversationRequest {
  model?: string | null;
  metadata?: Record<string, string>;
}

export interface SendMessageResponse {
  conversation_id: string;
  message: { role: 'assistant'; content: string | null; citations: Citation[] | null };
}

/** A conversation stream frame: deltas first, then exactly one `done` frame. */
export type ConversationStreamFrame =
  | { conversation_id: string; delta: { content: string }; done?: undefined }
  | { conversation_id: string; message: SendMessageResponse['message']; done: true };

export interface DocumentList extends ListEnvelope<Document> {}

export interface ListDocumentsQuery {
  limit?: number;
  after?: string;
  namespace?: string;
  status?: DocumentStatus;
  source_type?: string;
}
