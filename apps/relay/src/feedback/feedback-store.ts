import type { FeedbackRating, WireCitation } from '@amicus/protocol';
import type { RelayConfig } from '../config.js';
import type { AnswerObserver } from '../conversations/routes.js';
import type { SqlClient } from '../storage/sql.js';

/** A document an answer cited, as stored with a rating: enough to group by page, no passage text. */
export interface CitedDocument {
  documentId: string;
  title: string;
  url: string | null;
}

export interface Rating {
  conversationId: string;
  messageIndex: number;
  rating: FeedbackRating;
  citations: readonly WireCitation[];
  /** The question the answer replied to, when the relay knows it. */
  question: string | null;
  comment: string | null;
  at: Date;
}

/** Each cited document once, in the order first cited. */
export function citedDocuments(citations: readonly WireCitation[]): CitedDocument[] {
  const seen = new Map<string, CitedDocument>();
  for (const c of citations) {
    const key = c.documentId || c.url || c.title;
    if (!seen.has(key)) seen.set(key, { documentId: c.documentId, title: c.title, url: c.url });
  }
  return [...seen.values()];
}

/**
 * Writes ratings and declined answers. Visitor text (the question, the comment) is stored only when
 * transcripts are on, and is purged with the transcripts' retention; the outcome, its time and the
 * cited documents are kept either way.
 */
export class FeedbackStore {
  constructor(
    private readonly sql: SqlClient,
    private readonly transcripts: RelayConfig['transcripts'],
  ) {}

  /** One rating per answer: rating it again replaces the earlier rating. */
  async rate(rating: Rating): Promise<void> {
    const keepText = this.transcripts.enabled;
    await this.sql.query(
      `INSERT INTO feedback_ratings
         (conversation_id, message_index, rating, declined, cited, question, comment, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
       ON CONFLICT (conversation_id, message_index) DO UPDATE SET
         rating = EXCLUDED.rating, declined = EXCLUDED.declined, cited = EXCLUDED.cited,
         question = EXCLUDED.question, comment = EXCLUDED.comment, created_at = EXCLUDED.created_at`,
      [
        rating.conversationId,
        rating.messageIndex,
        rating.rating,
        rating.citations.length === 0,
        JSON.stringify(citedDocuments(rating.citations)),
        keepText ? rating.question : null,
        keepText ? rating.comment : null,
        rating.at.toISOString(),
      ],
    );
  }

  /** An answer that cited nothing: the knowledge base had no answer to the question. */
  async recordDeclined(conversationId: string, question: string, at: Date): Promise<void> {
    await this.sql.query(
      'INSERT INTO feedback_declined (conversation_id, question, created_at) VALUES ($1, $2, $3)',
      [conversationId, this.transcripts.enabled ? question : null, at.toISOString()],
    );
  }

  /** The visitor deleted the conversation: its text goes; the counts stay. */
  async forgetConversationText(conversationId: string): Promise<void> {
    await this.sql.query(
      'UPDATE feedback_ratings SET question = NULL, comment = NULL WHERE conversation_id = $1',
      [conversationId],
    );
    await this.sql.query('UPDATE feedback_declined SET question = NULL WHERE conversation_id = $1', [
      conversationId,
    ]);
  }

  /** Visitor text older than the transcript retention (all of it when transcripts are off) is cleared. */
  async purgeText(now: Date): Promise<void> {
    const cutoff = this.transcripts.enabled
      ? new Date(now.getTime() - this.transcripts.retentionDays * 86_400_000)
      : now;
    await this.sql.query(
      `UPDATE feedback_ratings SET question = NULL, comment = NULL
       WHERE created_at < $1 AND (question IS NOT NULL OR comment IS NOT NULL)`,
      [cutoff.toISOString()],
    );
    await this.sql.query(
      'UPDATE feedback_declined SET question = NULL WHERE created_at < $1 AND question IS NOT NULL',
      [cutoff.toISOString()],
    );
  }
}

/**
 * Records declined questions and forgets a deleted conversation's text, for the conversation routes:
 * an answer that cites nothing is its whole message declined; one that answered some of a message's
 * questions declines each question it found nothing for.
 */
export function feedbackObserver(store: FeedbackStore): AnswerObserver {
  return {
    answered: async (conversationId, question, answer, at, unanswered) => {
      const declined = answer.citations.length === 0 ? [question] : unanswered;
      for (const q of declined) await store.recordDeclined(conversationId, q, at);
    },
    forgotten: (conversationId) => store.forgetConversationText(conversationId),
  };
}
