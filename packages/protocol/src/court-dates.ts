// Wire shapes of the court-date, reminder, warrant-information and intent routes of the widget API.
// Field names are snake_case here, as in the provider's Messaging and Scheduling API and issue 13, so a
// case number is `case_number` from the page to the provider. Error responses use `WidgetErrorBody`
// (see index.ts) with `param` naming the field at fault.

/** Languages the public text of these routes comes in. */
export type CourtLanguage = 'en' | 'es';

/** Reminder channels: a text message to a phone, or an e-mail. */
export type ReminderChannel = 'sms' | 'email';

/** How the court's clerk can be reached; every part is optional because a court may publish only some. */
export interface ClerkContact {
  /** For example "Clerk's Office, Superior Court of Example County". */
  name: string;
  phone: string | null;
  email: string | null;
  /** A web page of the clerk's office (http/https), when configured. */
  url: string | null;
  /** Opening hours as the court writes them, for example "Mon–Fri 8:00–16:00". */
  hours: string | null;
}

/** `POST /api/court-dates/lookup` request body. */
export interface CourtDateLookupRequest {
  /**
   * The case number exactly as printed on the court's papers (surrounding spaces are ignored, letters are
   * compared case-insensitively). It must match the court's case-number pattern, else 400 naming
   * `case_number`. Exact match only: no partial or name search exists.
   */
  case_number: string;
  /** Language of `message` in the response; default `en`. */
  language?: CourtLanguage;
}

/** One hearing, with only what a court publishes. Never names, phones, e-mails or other clients. */
export interface CourtHearing {
  /** `YYYY-MM-DD`, in `time_zone`. */
  date: string;
  /** `HH:MM` 24-hour in `time_zone`, or null when the court has not set a time. */
  time: string | null;
  /** IANA time zone of the court, for example `America/Los_Angeles`. */
  time_zone: string;
  /** RFC 3339 UTC instant of the start, or null without a time (for the .ics file). */
  starts_at: string | null;
  /** RFC 3339 UTC instant of the end when the court published one, else null. */
  ends_at: string | null;
  /** Courthouse or room name, or null when not published. */
  location_name: string | null;
  /** Directions, department or room notes, or null. */
  location_notes: string | null;
  /** The court's hearing type, for example "Arraignment"; null when not set. */
  hearing_type: string | null;
  /** True when the hearing is held by video or phone. */
  virtual: boolean;
  /** How to join a virtual hearing (may contain a link), or null. Only sent when `virtual` is true. */
  virtual_notes: string | null;
}

/** The consent text the widget must show before the (unchecked) consent box of the reminder form. */
export interface ReminderConsent {
  /** Version of the text; send it back as `consent_version` in `ReminderRequest`. */
  version: number;
  language: CourtLanguage;
  /** Plain text, may contain line breaks. Names the court, the purpose, about how many messages, rates, STOP and HELP. */
  text: string;
  /** The court's privacy page, when configured. */
  privacy_url: string | null;
}

/**
 * `POST /api/court-dates/lookup` → 200. Unknown case numbers and hearings of confidential types give the
 * very same `found: false` body (same status, same fields); only `hearings` differs between found and not.
 */
export interface CourtDateLookupResponse {
  found: boolean;
  /** The normalised case number (trimmed, upper case). */
  case_number: string;
  /** Upcoming and today's hearings of the case, soonest first; empty when `found` is false. */
  hearings: CourtHearing[];
  court: {
    /** The court's name, for example "Superior Court of Example County". */
    name: string;
    clerk: ClerkContact;
  };
  /**
   * Plain-language text in the requested language. When not found: that new cases can take a few days to
   * appear, and to contact the clerk. When found: a short reminder to check the court papers.
   */
  message: string;
  /** Whether text/e-mail reminders can be requested for this case (false when not found). */
  reminders_available: boolean;
  /** The consent text to show before opting in; null when reminders are not available. */
  consent: ReminderConsent | null;
}

/**
 * `POST /api/reminders` request body: asks for a 6-digit code sent to `destination`. Nothing is created at
 * the provider until `POST /api/reminders/confirm` with that code. 400 names the field at fault.
 */
export interface ReminderRequest {
  case_number: string;
  channel: ReminderChannel;
  /** A phone number (E.164 or national digits, for `sms`) or an e-mail address (for `email`). */
  destination: string;
  /** Language of the code message and of the reminders. */
  language: CourtLanguage;
  /** Must be `true`: the visitor ticked the consent box. */
  consent: true;
  /**
   * `ReminderConsent.version` the visitor saw (a published version of that language: 400 otherwise);
   * the current version is recorded when omitted.
   */
  consent_version?: number;
}

/**
 * `POST /api/reminders/confirm` request body. The code belongs to the visitor's session: the latest
 * `POST /api/reminders` or `POST /api/reminders/stop` of that session. Codes last 15 minutes and allow 5 tries.
 * A wrong code while tries remain is 400 `bad_request` with `param: "code"` (let the visitor type it again); an
 * expired or used-up code, or none pending, is 410 `not_found` with `param: "code"` (ask for a new code).
 */
export interface ReminderConfirmRequest {
  /** The 6 digits from the message. */
  code: string;
}

/** `POST /api/reminders/stop` request body: sends a code; reminders stop once it is confirmed. */
export interface ReminderStopRequest {
  case_number: string;
  channel: ReminderChannel;
  destination: string;
  /** Language of the code message; default `en`. */
  language?: CourtLanguage;
}

/**
 * Answer of `POST /api/reminders` and `/api/reminders/stop` (202, `code_sent`) and of
 * `POST /api/reminders/confirm` (200, `subscribed` or `stopped`). Never tells whether the destination was
 * subscribed before: every request sends a code, and every confirmed code gives the same answer.
 */
export interface ReminderResponse {
  status: 'code_sent' | 'subscribed' | 'stopped';
  /** With `code_sent`: RFC 3339 UTC instant after which the code no longer works. */
  expires_at?: string;
  /** With `subscribed`/`stopped`: the case number concerned. */
  case_number?: string;
}

/** `POST /api/warrants/info` request body. */
export interface WarrantInfoRequest {
  /** Default `en`. */
  language?: CourtLanguage;
}

/** One way to resolve a warrant, as the court configures it. */
export interface WarrantResolutionOption {
  kind: 'clerk' | 'public_defender' | 'safe_surrender';
  /** Short heading, for example "Contact the clerk". */
  title: string;
  /** One or two plain sentences. */
  text: string;
  phone: string | null;
  email: string | null;
  url: string | null;
}

/**
 * `POST /api/warrants/info` → 200: general information only. The relay never looks up a person and never
 * sends a name anywhere.
 */
export interface WarrantInfoResponse {
  language: CourtLanguage;
  /** Heading, for example "Warrants: what to know". */
  title: string;
  /** What a bench warrant is, in plain language. */
  what_is_a_bench_warrant: string;
  /** That this assistant cannot check whether someone has a warrant, and where to find out. */
  lookup_note: string;
  /** Ways to resolve a warrant: the clerk and the public defender always; safe surrender when configured. */
  how_to_resolve: WarrantResolutionOption[];
  /** The agency's own published warrant-search page (`WARRANTS_PUBLIC_URL`), or null. */
  search_url: string | null;
  /** Label of the link to `search_url`, or null. */
  search_label: string | null;
}

/** `POST /api/intent` request body: the visitor's question, before asking the knowledge base. */
export interface IntentRequest {
  /** At most `MAX_MESSAGE_CHARS` characters. */
  text: string;
}

/**
 * `POST /api/intent` → 200. `court_date`: the text asks about one's own court date or hearing, or contains a
 * case number (then `case_number` holds it, normalised); `warrant`: a warrant question; `none`: ask the
 * knowledge base. When court dates are not configured, the answer is `none` for court-date questions.
 */
export interface IntentResponse {
  kind: 'court_date' | 'warrant' | 'none';
  case_number?: string;
}
