import { type FeedbackRating, MAX_FEEDBACK_COMMENT_CHARS } from '@amicus/protocol';
import { exceedsCodePoints } from '../conversations/code-points.js';
import { isRecord } from '../conversations/untrusted.js';
import { HttpError } from '../http/http-error.js';

/** A validated `POST /api/feedback` body. */
export interface FeedbackInput {
  conversationId: string;
  messageIndex: number;
  rating: FeedbackRating;
  comment: string | null;
}

// Far beyond any real conversation; keeps the index a small integer for the database.
const MAX_MESSAGE_INDEX = 100_000;
// Control characters (C0, DEL, C1) other than tab and line breaks, which a multi-line comment may
// hold, and lone surrogates, which no database text column stores faithfully.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;

const bad = (message: string, param: string) => new HttpError('bad_request', message, { param });

/** Reads the body or throws a 400 naming the first field at fault. */
export function readFeedbackRequest(body: unknown): FeedbackInput {
  if (!isRecord(body)) throw bad('Send a JSON object.', 'body');
  const { conversation_id: id, message_index: index, rating, comment } = body;
  if (typeof id !== 'string' || id === '') {
    throw bad('conversation_id must be the id of one of your conversations.', 'conversation_id');
  }
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index > MAX_MESSAGE_INDEX) {
    throw bad('message_index must be a whole number from 0.', 'message_index');
  }
  if (rating !== 'up' && rating !== 'down') throw bad('rating must be "up" or "down".', 'rating');
  let text: string | null = null;
  if (comment !== undefined && comment !== null) {
    if (typeof comment !== 'string') throw bad('comment must be text.', 'comment');
    if (exceedsCodePoints(comment, MAX_FEEDBACK_COMMENT_CHARS)) {
      throw bad(`comment may have at most ${MAX_FEEDBACK_COMMENT_CHARS} characters.`, 'comment');
    }
    if (FORBIDDEN.test(comment)) throw bad('comment may not contain control characters.', 'comment');
    text = comment.trim() === '' ? null : comment.trim();
  }
  return { conversationId: id.toLowerCase(), messageIndex: index, rating, comment: text };
}
