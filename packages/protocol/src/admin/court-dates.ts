// Shapes of `/admin/api/court-dates/*` (apps/relay/src/court-dates/admin-routes.ts; apps/relay/docs/admin-api.md).

export interface WireConsentText {
  language: 'en' | 'es';
  version: number;
  text: string;
  created_at: string | null;
  created_by: string | null;
}

export interface WireCount {
  today: number;
  last_30_days: number;
}

export type WireCourtDatesStatus =
  | { enabled: false }
  | {
      enabled: true;
      server_url: string;
      /** A live `GET /settings` made for this page. */
      check: { ok: boolean; error: string | null };
      status: {
        token_ok: boolean;
        token_expires_at: string | null;
        /** The most recent failure of any call to the provider, kept after later successes. */
        last_error: string | null;
        last_error_at: string | null;
        retry_after: string | null;
      };
      court_name: string | null;
      case_number_pattern: string;
      confidential_types: string[];
      consent: { en: WireConsentText; es: WireConsentText };
      counts: Record<'lookups' | 'codes_sent' | 'opt_ins' | 'opt_outs', WireCount>;
      subscribed_destinations: number;
    };

export interface WireOutboxEntry {
  uuid: string;
  to: string;
  subject?: string | null;
  content: string;
  last_status: string;
  channel?: string;
  origin?: string;
  scheduled_at?: string;
  created_at?: string;
}

export interface WireOutbox {
  available: boolean;
  data: WireOutboxEntry[];
  error?: string;
}

export interface WireForgetResult {
  destination_hash: string;
  /** Events it was detached from at the provider; null when the provider could not be reached. */
  detached: number | null;
  deleted: { destinations: number; consent_log: number };
}

/** `PUT /court-dates/consent` body: a new version of one language's consent text. */
export interface WireConsentTextRequest {
  language: 'en' | 'es';
  text: string;
}

/** `POST /court-dates/forget` body. */
export interface WireForgetRequest {
  channel: 'sms' | 'email';
  destination: string;
}
