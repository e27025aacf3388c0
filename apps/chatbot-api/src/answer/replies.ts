import { readDataFile } from '../language/data-files.js';
import type { Language } from '../language/words.js';

/** The answerer's fixed sentences (data/language/replies.json), in English and Spanish. */
export interface Replies {
  notFound: string;
  /** Before an answer from a page that holds the visitor's story, not one section that answers it. */
  partial: string;
  outOfScope: string;
  legalAdvice: string;
  legalAdviceFacts: string;
  referralLead: string;
  contactLead: string;
  defaultContact: string;
  defaultReferral: string;
  onlyEnglish: string;
  seeAlso: string;
  greeting: string;
  thanks: string;
}

export const REPLIES = JSON.parse(readDataFile('replies.json')) as Record<Language, Replies>;

/**
 * Who can help, as the court configured it per language (conversation metadata, see
 * answerer.ts helpFromMetadata); each field falls back to the defaults of replies.json.
 */
export interface HelpContacts {
  contact?: Partial<Record<Language, string>>;
  referral?: Partial<Record<Language, string>>;
}

export function contactSentence(help: HelpContacts | undefined, language: Language): string {
  const r = REPLIES[language];
  return r.contactLead.replace(
    '{contact}',
    help?.contact?.[language] ?? help?.contact?.en ?? r.defaultContact,
  );
}

export function referralSentence(help: HelpContacts | undefined, language: Language): string {
  const r = REPLIES[language];
  return r.referralLead.replace(
    '{referral}',
    help?.referral?.[language] ?? help?.referral?.en ?? r.defaultReferral,
  );
}
