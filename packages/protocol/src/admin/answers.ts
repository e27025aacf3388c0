// JSON shapes of the relay's "who can help" settings and explained Try-it routes on the network
// (apps/relay/docs/admin-api.md, "Answers").
export interface WireBilingual {
  en: string;
  es: string;
}

/** `PUT /settings/help` body; every field optional on the way in, all present (possibly '') on the way out. */
export interface WireHelpContacts {
  contact: { name: WireBilingual; phone: string; url: string; hours: WireBilingual };
  referral: { self_help: WireBilingual; lawyer_referral: WireBilingual };
}

/** The phrases the assistant inserts, as the relay sends them upstream; absent keys = its general wording. */
export type WireHelpRendered = Partial<
  Record<'help_contact' | 'help_contact_es' | 'legal_referral' | 'legal_referral_es', string>
>;

/** `GET` and `PUT /settings/help` → 200. */
export interface WireHelpSettings extends WireHelpContacts {
  rendered: WireHelpRendered;
  updated_at: string | null;
  updated_by: string | null;
}

export type WireTryOutcome = 'answered' | 'not_found' | 'legal_advice' | 'small_talk' | 'unknown';

export interface WireTrySection {
  headings: string[];
  score: number;
  coverage: number;
  missing: string[];
}

export interface WireTryExplanation {
  language: string;
  intents: string[];
  follow_up: boolean;
  /** `label`: the words a concept stands for, when the upstream names them (keys may be ids such as `g11`). */
  concepts: { key: string; label: string | null; weight: number; known: boolean; corrected: string | null }[];
  passages: {
    title: string;
    source: string;
    headings: string[];
    score: number;
    coverage: number;
    matched: string[];
    missing: string[];
    /** The page's other matching sections, best first: what the quoted section was chosen over. */
    sections: WireTrySection[];
  }[];
  outcome: WireTryOutcome;
  reason: string;
}

export interface WireTryCitation {
  index: number;
  title: string;
  url: string | null;
  preview: string;
  document_id: string;
  chunk_index: number;
}

/** `POST /try` → 200; `explanation` is null when the upstream (the provider) sends none. */
export interface WireTryResult {
  answer: string;
  citations: WireTryCitation[];
  explanation: WireTryExplanation | null;
}

/** `POST /try` body. */
export interface WireTryRequest {
  question: string;
}
