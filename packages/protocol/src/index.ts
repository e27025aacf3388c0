// Wire shapes between the widget (browser) and the relay's widget API (`/api/*`).
// These are the JSON bodies and event-stream frames on the network; code on either side maps them
// to its own working types. Keep this file free of runtime dependencies: the widget bundles it.

/**
 * `POST /api/sessions` → 201. The token is sent as `Authorization: Bearer <token>` afterwards; sent to
 * `POST /api/sessions` itself while still valid, it refreshes the token for the same visitor.
 */
export interface SessionResponse {
  token: string;
  /** RFC 3339 UTC. */
  expiresAt: string;
  /** RFC 3339 UTC: when the widget should mint a fresh token (before `expiresAt`). */
  refreshAt: string;
}

/** One source an answer cites, as the widget shows it. */
export interface WireCitation {
  /** The N of `[Source N]` in the answer text. */
  index: number;
  /** Human name: the page title or the file name. */
  title: string;
  /** Link to the source when it is a web page (http/https only); null for uploaded files. */
  url: string | null;
  /** A short excerpt of the cited passage. */
  preview: string;
  documentId: string;
  chunkIndex: number;
}

export interface WireMessage {
  role: 'user' | 'assistant';
  content: string;
  /**
   * BCP 47 language of `content`, when the sender knows it (optional; added for WCAG 3.1.2). Without it
   * the widget tells English from Spanish by the text itself.
   */
  lang?: string;
  /** Empty for user messages and for answers without sources. */
  citations: WireCitation[];
}

/** `POST /api/conversations` → 201. */
export interface ConversationCreated {
  id: string;
  /** Epoch seconds. */
  created: number;
}

/** `GET /api/conversations/{id}` → 200. */
export interface ConversationView {
  id: string;
  created: number;
  messages: WireMessage[];
}

/** `POST /api/conversations/{id}/messages` request body. */
export interface SendMessageRequest {
  content: string;
}

export const MAX_MESSAGE_CHARS = 4000;

export type WidgetErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'upstream_unavailable'
  | 'timeout'
  | 'internal';

/** Body of every non-2xx JSON response of the widget API, and the data of an `error` stream event. */
export interface WidgetError {
  code: WidgetErrorCode;
  /** Plain-language English text for logs; the widget shows its own localized text per code. */
  message: string;
  /** The field at fault, when a request body was rejected. */
  param?: string | null;
  /** True when the same request may succeed later. */
  retryable: boolean;
  /** Seconds to wait before retrying, when known. */
  retryAfter: number | null;
}

export interface WidgetErrorBody {
  error: WidgetError;
}

/**
 * Event-stream frames of `POST /api/conversations/{id}/messages` (SSE over POST).
 * Each frame is `event: <type>\ndata: <json>\n\n`; comment lines (`: ping`) are heartbeats.
 * Order: `start`, zero or more `delta`, then exactly one of `done` or `error`.
 */
export interface StreamEventMap {
  start: { conversationId: string };
  delta: { text: string };
  done: { message: WireMessage };
  error: WidgetError;
}

export type StreamEventType = keyof StreamEventMap;

export const STREAM_EVENT_TYPES: readonly StreamEventType[] = ['start', 'delta', 'done', 'error'];

export function isStreamEventType(value: string): value is StreamEventType {
  return (STREAM_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * `GET /widget.json`: where the current widget build lives, for sites that pin it with
 * Subresource Integrity: `<script src="{url}" integrity="{integrity}" crossorigin="anonymous" async>`.
 */
export interface WidgetManifest {
  /** Package version plus a content hash; changes with every build. */
  version: string;
  /** Versioned, immutable URL of the loader script. */
  url: string;
  /** SRI value of the loader, `sha384-…`. */
  integrity: string;
  /** Every file of the build (loader and lazily loaded parts) with its versioned URL and SRI value. */
  files: Record<string, { url: string; integrity: string }>;
  /**
   * Whether this relay offers court-date look-ups and reminders (a scheduling service is configured).
   * The widget reads it to show or hide its "Find my court date" action.
   */
  courtDates: boolean;
}

export type {
  ClerkContact,
  CourtDateLookupRequest,
  CourtDateLookupResponse,
  CourtHearing,
  CourtLanguage,
  IntentRequest,
  IntentResponse,
  ReminderChannel,
  ReminderConfirmRequest,
  ReminderConsent,
  ReminderRequest,
  ReminderResponse,
  ReminderStopRequest,
  WarrantInfoRequest,
  WarrantInfoResponse,
  WarrantResolutionOption,
} from './court-dates.js';

export type { FeedbackRating, FeedbackRequest } from './feedback.js';
export { MAX_FEEDBACK_COMMENT_CHARS } from './feedback.js';
