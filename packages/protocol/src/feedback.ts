// Wire shape of a visitor's rating of one answer (`POST /api/feedback`). Field names are snake_case,
// as the route was specified. Errors use `WidgetErrorBody` with `param` naming the field at fault.

export type FeedbackRating = 'up' | 'down';

/** At most this many characters (code points) in a feedback comment. */
export const MAX_FEEDBACK_COMMENT_CHARS = 500;

/**
 * `POST /api/feedback` request body → 204. Rating the same answer again replaces the earlier rating.
 * Only answers in the visitor's own conversations can be rated (others: 404, as for unknown ids).
 */
export interface FeedbackRequest {
  conversation_id: string;
  /** Position of the rated answer in `ConversationView.messages` (0-based; an assistant message). */
  message_index: number;
  rating: FeedbackRating;
  /** Optional short comment, ≤ 500 characters, no control characters. Kept only when transcripts are on. */
  comment?: string;
}
