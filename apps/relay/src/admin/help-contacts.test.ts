import type { WireHelpContacts } from '@amicus/protocol/admin';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AdminError } from './admin-error.js';
import { EMPTY_HELP, helpMetadata, parseHelpContacts } from './help-contacts.js';

const help = (patch: (h: WireHelpContacts) => void): WireHelpContacts => {
  const h = structuredClone(EMPTY_HELP);
  patch(h);
  return h;
};

describe('helpMetadata', () => {
  it('sends nothing when nothing is set', () => {
    expect(helpMetadata(EMPTY_HELP)).toEqual({});
  });

  it('falls back to the English field where a Spanish one is empty', () => {
    const out = helpMetadata(
      help((h) => {
        h.contact.name = { en: 'the Clerk', es: '' };
        h.contact.hours = { en: 'weekdays', es: 'entre semana' };
        h.referral.lawyer_referral = { en: 'the Bar', es: '' };
      }),
    );
    expect(out).toEqual({
      help_contact: 'the Clerk, weekdays',
      help_contact_es: 'the Clerk, entre semana',
      legal_referral: 'the Bar',
      legal_referral_es: 'the Bar',
    });
  });

  it('joins the two referrals with "or", and in Spanish "u" before an o sound', () => {
    const out = helpMetadata(
      help((h) => {
        h.referral.self_help = { en: 'the center', es: 'el centro' };
        h.referral.lawyer_referral = { en: 'the bar', es: 'otro servicio' };
      }),
    );
    expect(out.legal_referral).toBe('the center or the bar');
    expect(out.legal_referral_es).toBe('el centro u otro servicio');
  });

  it('keeps every phrase within the contract’s 512 characters for any valid fields', () => {
    const line = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
    fc.assert(
      fc.property(
        line(120),
        line(120),
        line(120),
        line(250),
        line(250),
        (name, hours, hoursEs, selfHelp, lawyer) => {
          let parsed: WireHelpContacts;
          try {
            parsed = parseHelpContacts({
              contact: {
                name: { en: `A${name}`.slice(0, 120) },
                phone: '+1 (555) 010-0100 ext. 12345678901',
                url: `https://court.example/${'p'.repeat(177)}`,
                hours: { en: hours, es: hoursEs },
              },
              referral: { self_help: { en: selfHelp }, lawyer_referral: { en: lawyer, es: lawyer } },
            });
          } catch (e) {
            // Refused input (control characters, too long in UTF-16) is the other valid outcome.
            expect(e).toBeInstanceOf(AdminError);
            return;
          }
          for (const value of Object.values(helpMetadata(parsed)))
            expect(value.length).toBeLessThanOrEqual(512);
        },
      ),
    );
  });
});

describe('parseHelpContacts', () => {
  it('trims fields and collapses inner spaces', () => {
    const parsed = parseHelpContacts({ contact: { name: { en: '  the   Clerk ' } } });
    expect(parsed.contact.name.en).toBe('the Clerk');
  });

  it.each([
    [null, null],
    [[], null],
    [{ contact: [] }, 'contact'],
    [{ contact: { url: 'https://court.example/' } }, 'contact.name.en'],
    [{ contact: { name: { en: 'x' }, url: 'https://court.example/a b' } }, 'contact.url'],
    [{ contact: { name: { en: 'x' }, url: 'ftp://court.example/' } }, 'contact.url'],
    [{ contact: { name: { en: 'x' }, phone: '555<script>' } }, 'contact.phone'],
    [{ contact: { name: { en: 'x\u0085' } } }, 'contact.name.en'],
  ])('refuses %j naming %s', (body, param) => {
    expect(() => parseHelpContacts(body)).toThrow(AdminError);
    try {
      parseHelpContacts(body);
    } catch (e) {
      expect((e as AdminError).param).toBe(param);
      expect((e as AdminError).status).toBe(400);
    }
  });
});
