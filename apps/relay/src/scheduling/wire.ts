// Shapes of the provider's Messaging and Scheduling API as the contract shows them
// (../shared/spec/messaging-scheduling-api.md). Only the fields the relay reads are typed; the rest is
// left out on purpose so nothing else (names, phones) is passed along by accident.

export interface WireToken {
  access_token: string;
  token_type: string;
  /** Not in the contract ("Access token lifetime: not shown"); honoured when present. */
  expires_in?: number;
}

export interface WireSettings {
  name?: string | null;
  timezone?: string | null;
}

/** An event as `GET /events` lists it. */
export interface WireEvent {
  uuid: string;
  event_reference?: string | null;
  case_number?: string | null;
  date: string;
  time?: string | null;
  end_date?: string | null;
  end_time?: string | null;
  type?: string | null;
  location_notes?: string | null;
  virtual?: number | boolean | null;
  virtual_notes?: string | null;
  archived_at?: string | null;
  deleted_at?: string | null;
}

/** `GET /events/{uuid}` adds computed fields. */
export interface WireEventDetail extends WireEvent {
  timezone?: string | null;
  location_name?: string | null;
  date_time?: string | null;
  is_past?: boolean | number | null;
}

export interface WireClient {
  uuid: string;
  client_reference?: string | null;
}

export interface WireNewClient {
  client_reference: string;
  phone?: string;
  email?: string;
  language: string;
}

export interface WireOneoff {
  to: string;
  subject?: string;
  content: string;
  send_now: true;
}

/** One entry of our embedded implementation's `GET /_local/outbox` extension. */
export interface WireOutboxEntry {
  uuid: string;
  to: string;
  subject?: string | null;
  content: string;
  last_status: string;
  channel?: string;
  origin?: string;
  event?: string | null;
  step?: string | null;
  scheduled_at?: string;
  sent_at?: string | null;
  created_at?: string;
}
