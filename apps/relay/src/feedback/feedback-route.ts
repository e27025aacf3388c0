import type { ChatbotClient } from '@amicus/chatbot-client';
import type { ConversationView } from '@amicus/protocol';
import type { Request, RequestHandler, Response } from 'express';
import { toConversationView } from '../conversations/conversation-view.js';
import type { ConversationOwnership } from '../conversations/ownership.js';
import type { Transcripts } from '../conversations/transcripts.js';
import { HttpError } from '../http/http-error.js';
import { widgetErrorFromUpstream } from '../http/upstream-error.js';
import type { AdmissionController } from '../limits/admission.js';
import { byIp } from '../limits/rate-limits.js';
import { readFeedbackRequest } from './feedback-request.js';
import type { FeedbackStore } from './feedback-store.js';

export interface FeedbackRouteDeps {
  chat: ChatbotClient;
  ownership: ConversationOwnership;
  transcripts: Transcripts;
  admission: AdmissionController;
  store: FeedbackStore;
  now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /api/feedback`: a visitor rates one answer of their own conversations. Mount behind
 * `requireVisitor` and a rate limit. Foreign and unknown conversations look the same (404), as on
 * every conversation route. The cited documents come from the relay's own transcript when it is
 * whole, otherwise from the upstream's copy of the conversation (one admitted upstream read).
 */
export function feedbackHandler(deps: FeedbackRouteDeps): RequestHandler {
  const conversationOf = async (req: Request, res: Response, id: string): Promise<ConversationView> => {
    const stored = await deps.transcripts.view(id, deps.now());
    if (stored) return stored;
    const visitor = res.locals.visitor;
    await deps.admission.admit(visitor.vid, byIp(req));
    const upstream = await deps.chat
      .getConversation(id, { requestId: res.locals.requestId })
      .catch((e: unknown) => {
        throw widgetErrorFromUpstream(e);
      });
    return toConversationView(id, upstream);
  };

  return async (req, res) => {
    const input = readFeedbackRequest(req.body);
    const visitor = res.locals.visitor;
    const id = input.conversationId;
    if (!UUID.test(id) || !(await deps.ownership.owns(id, visitor.vid))) {
      throw new HttpError('not_found', 'Conversation not found.');
    }
    const conversation = await conversationOf(req, res, id);
    const message = conversation.messages[input.messageIndex];
    if (message?.role !== 'assistant') {
      throw new HttpError('bad_request', 'message_index must point at an answer of this conversation.', {
        param: 'message_index',
      });
    }
    const asked = conversation.messages[input.messageIndex - 1];
    await deps.store.rate({
      conversationId: id,
      messageIndex: input.messageIndex,
      rating: input.rating,
      citations: message.citations,
      question: asked?.role === 'user' ? asked.content : null,
      comment: input.comment,
      at: deps.now(),
    });
    res.status(204).end();
  };
}
