import type { WireTryExplanation } from '@amicus/protocol/admin';
import { cleanText, isRecord } from '../conversations/untrusted.js';

/**
 * Why the upstream answered so (`amicus_explanation`, an extension of our chatbot-api that the
 * provider never sends), as the admin API returns it. Read from the upstream, so treated as
 * untrusted: every field is checked, bounded and given a safe default; nothing here throws.
 */
const OUTCOMES = new Set(['answered', 'not_found', 'legal_advice', 'small_talk']);
const MAX_ITEMS = 50;
const MAX_PASSAGES = 20;
const MAX_SECTIONS = 8;
const MAX_WORD = 100;
const MAX_TEXT = 500;

const str = (v: unknown, max: number): string => (typeof v === 'string' ? cleanText(v, max).trim() : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const words = (v: unknown, max = MAX_WORD): string[] =>
  Array.isArray(v)
    ? v
        .slice(0, MAX_ITEMS)
        .map((w) => str(w, max))
        .filter(Boolean)
    : [];
const records = (v: unknown, max: number): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter(isRecord).slice(0, max) : [];

/** The explanation of a chat completion body, or null when there is none (the provider, or a bad one). */
export function readExplanation(completion: unknown): WireTryExplanation | null {
  if (!isRecord(completion)) return null;
  const e = completion.amicus_explanation;
  if (!isRecord(e)) return null;
  const outcome = typeof e.outcome === 'string' && OUTCOMES.has(e.outcome) ? e.outcome : 'unknown';
  return {
    language: str(e.language, 16),
    intents: words(e.intents, 40),
    follow_up: e.followUp === true,
    concepts: records(e.concepts, MAX_ITEMS).map((c) => ({
      key: str(c.key, MAX_WORD),
      label: str(c.label, MAX_TEXT) || null,
      weight: num(c.weight),
      known: c.known === true,
      corrected: str(c.corrected, MAX_WORD) || null,
    })),
    passages: records(e.passages, MAX_PASSAGES).map((p) => ({
      title: str(p.title, 300),
      source: str(p.source, 2_048),
      headings: words(p.headings, 300),
      score: num(p.score),
      coverage: num(p.coverage),
      matched: words(p.matched),
      missing: words(p.missing),
      sections: records(p.sections, MAX_SECTIONS).map((x) => ({
        headings: words(x.headings, 300),
        score: num(x.score),
        coverage: num(x.coverage),
        missing: words(x.missing),
      })),
    })),
    outcome: outcome as WireTryExplanation['outcome'],
    reason: str(e.reason, MAX_TEXT),
  };
}
