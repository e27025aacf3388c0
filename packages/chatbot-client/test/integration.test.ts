import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatbotClient } from '../src/client.js';
import { AuthenticationError, BadRequestError, NotFoundError, PermissionError } from '../src/errors.js';
import type { ChatCompletionChunk, ConversationStreamFrame } from '../src/wire.js';

let api: TestChatbotApi;
let chat: ChatbotClient;
let ingest: ChatbotClient;

beforeAll(async () => {
  api = await startTestChatbotApi();
  chat = new ChatbotClient({ baseUrl: api.url, apiKey: api.chatKey });
  ingest = new ChatbotClient({ baseUrl: api.url, apiKey: api.ingestKey });
});
afterAll(() => api?.close());

describe('ChatbotClient against the real chatbot-api', () => {
  it('lists models and reads the rate-limit headers', async () => {
    const models = await chat.listModels({ requestId: 'it-models-1' });
    expect(models.object).toBe('list');
    expect(models.data.map((m) => m.id)).toContain(api.botSlug);
    expect(chat.rateLimit?.limit).toBeGreaterThan(0);
  });

  it('creates a completion and streams one', async () => {
    const messages = [{ role: 'user' as const, content: 'Where is the courthouse?' }];
    const completion = await chat.createChatCompletion({ messages });
    expect(completion.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
    expect(completion.choices[0]?.message.role).toBe('assistant');
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of await chat.streamChatCompletion({ messages })) chunks.push(chunk);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.some((c) => c.choices[0]?.finish_reason)).toBe(true);
  });

  it('runs a conversation: create, send, stream, get, delete', async () => {
    const conversation = await chat.createConversation({ metadata: { source: 'test' } });
    const reply = await chat.sendMessage(conversation.id, 'Hello?');
    expect(reply.conversation_id).toBe(conversation.id);
    const frames: ConversationStreamFrame[] = [];
    for await (const frame of await chat.streamMessage(conversation.id, 'And on Fridays?'))
      frames.push(frame);
    expect(frames.at(-1)?.done).toBe(true);
    const read = await chat.getConversation(conversation.id);
    expect(read.messages).toHaveLength(4);
    await chat.deleteConversation(conversation.id);
    await expect(chat.getConversation(conversation.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('uploads a streamed multipart body and follows the job and documents', async () => {
    const form = new FormData();
    form.append('namespace', 'general');
    form.append(
      'file',
      new Blob(['# Parking\n\nParking is free on Saturdays.'], { type: 'text/markdown' }),
      'parking.md',
    );
    const request = new Request('http://x/', { method: 'POST', body: form });
    const accepted = await ingest.uploadFiles({
      body: request.body as ReadableStream<Uint8Array>,
      contentType: request.headers.get('content-type') ?? '',
    });
    expect(accepted.status).toBe('processing');
    expect(accepted.document_ids).toHaveLength(1);
    const job = await ingest.getIngestJob(accepted.job_id);
    expect(['processing', 'completed', 'completed_with_errors', 'failed']).toContain(job.status);
    const documentId = accepted.document_ids[0] ?? '';
    expect((await ingest.getDocument(documentId)).id).toBe(documentId);
    expect((await ingest.listDocuments({ limit: 10 })).data.length).toBeGreaterThan(0);
    const deleted = await ingest.deleteDocument(documentId);
    expect(deleted).toMatchObject({ id: documentId, deleted: true });
    await expect(ingest.deleteDocument(documentId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('starts a crawl and reads its job, and rejects a bad crawl with its param', async () => {
    const error = await ingest.startCrawl({ namespace: 'general', seed_urls: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).param).toBe('seed_urls');
  });

  it('maps wrong keys and scopes to typed errors without retrying', async () => {
    const bad = new ChatbotClient({ baseUrl: api.url, apiKey: `svc_sk_${'0'.repeat(59)}` });
    await expect(bad.listModels()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(ingest.listModels()).rejects.toBeInstanceOf(PermissionError);
    await expect(chat.listDocuments()).rejects.toMatchObject({ code: 'insufficient_scope' });
  });
});
