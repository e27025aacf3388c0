import type {
  CourtDateLookupResponse,
  CourtLanguage,
  IntentResponse,
  ReminderChannel,
  ReminderResponse,
  WarrantInfoResponse,
} from '@amicus/protocol';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { isRecord } from '../conversations/untrusted.js';
import { HttpError } from '../http/http-error.js';
import { byIp, byVisitor, type LimitRule } from '../limits/rate-limits.js';
import { warrantInfo } from '../warrants/info.js';
import type { CourtDatesConfig, WarrantsConfig } from './config.js';
import { ipHash } from './crypto.js';
import { normalizeDestination } from './destination.js';
import { classifyIntent } from './intent.js';
import { normalizeCaseNumber } from './lookup.js';
import { courtLanguage } from './messages.js';
import type { CourtDates } from './service.js';

export interface CourtDateRoutesDeps {
  /** undefined when `SCHEDULING_*` is not configured: look-ups and reminders answer 404. */
  courtDates: CourtDates | undefined;
  warrants: WarrantsConfig;
  limits: (...rules: LimitRule[]) => RequestHandler;
  /** Visitor token check and the general per-visitor limit, before every route here. */
  visitor: RequestHandler[];
  maxTextChars: number;
}

const DAY_MS = 86_400_000;
const visitorOf = (res: Response) => res.locals.visitor;
/** The request's JSON object (none sent reads as empty); an array or a bare value is refused. */
const bodyOf = (req: Request): Record<string, unknown> => {
  const body: unknown = req.body ?? {};
  if (!isRecord(body)) throw new HttpError('bad_request', 'The body must be a JSON object.', { param: null });
  return body;
};

function language(value: unknown, fallback: CourtLanguage | undefined = 'en'): CourtLanguage {
  if (value === undefined && fallback) return fallback;
  const lang = courtLanguage(value);
  if (!lang) throw new HttpError('bad_request', 'language must be "en" or "es".', { param: 'language' });
  return lang;
}

function caseNumber(value: unknown, config: CourtDatesConfig): string {
  if (typeof value !== 'string' || value.length > 64) {
    throw new HttpError('bad_request', 'case_number must be a case number.', { param: 'case_number' });
  }
  const normalized = normalizeCaseNumber(value);
  if (!config.caseNumberPattern.test(normalized)) {
    throw new HttpError('bad_request', "case_number does not have the format of this court's case numbers.", {
      param: 'case_number',
    });
  }
  return normalized;
}

function channel(value: unknown): ReminderChannel {
  if (value === 'sms' || value === 'email') return value;
  throw new HttpError('bad_request', 'channel must be "sms" or "email".', { param: 'channel' });
}

function destination(ch: ReminderChannel, value: unknown): string {
  const normalized = normalizeDestination(ch, value);
  if (!normalized) {
    throw new HttpError(
      'bad_request',
      ch === 'sms'
        ? 'destination must be a phone number with its area code (E.164, for example +12025550143).'
        : 'destination must be an e-mail address.',
      { param: 'destination' },
    );
  }
  return normalized;
}

/**
 * `/api/court-dates/lookup`, `/api/reminders[/confirm|/stop]`, `/api/warrants/info` and `/api/intent`.
 * Mounted behind `requireVisitor`. Look-ups and code requests share the per-visitor, per-address and
 * per-site limits (against enumeration); code requests are also capped per destination (against
 * message bombing).
 */
export function courtDateRoutes({
  courtDates,
  warrants,
  limits,
  visitor,
  maxTextChars,
}: CourtDateRoutesDeps): Router {
  const router = Router();
  const enabled = (): CourtDates => {
    if (!courtDates) throw new HttpError('not_found', 'Court dates are not available on this site.');
    return courtDates;
  };
  const cfg = courtDates?.config;
  const lookupLimit = cfg
    ? limits(
        { name: 'lookup-visitor-minute', limit: cfg.limits.lookupsPerMinute, key: byVisitor },
        { name: 'lookup-ip-minute', limit: cfg.limits.lookupsPerMinute, key: byIp },
        { name: 'lookup-visitor-day', limit: cfg.limits.lookupsPerDay, windowMs: DAY_MS, key: byVisitor },
        { name: 'lookup-ip-day', limit: cfg.limits.lookupsPerDay, windowMs: DAY_MS, key: byIp },
        {
          name: 'lookup-site-day',
          limit: cfg.limits.lookupsPerSitePerDay,
          windowMs: DAY_MS,
          key: (_req) => `site:${String(_req.res?.locals.origin ?? '')}`,
        },
      )
    : (_req: Request, _res: Response, next: () => void) => next();
  const destinationLimit = cfg
    ? limits({
        name: 'code-destination-hour',
        limit: cfg.limits.codesPerDestinationPerHour,
        windowMs: 3_600_000,
        key: (req) => {
          const body = bodyOf(req);
          const ch = body.channel === 'email' ? 'email' : 'sms';
          const dest = normalizeDestination(ch, body.destination);
          return dest && courtDates ? courtDates.hash('destination', dest) : 'invalid';
        },
      })
    : lookupLimit;
  const confirmLimit = limits({ name: 'reminder-confirm', limit: 20, key: byVisitor });

  router.post('/court-dates/lookup', ...visitor, lookupLimit, async (req, res) => {
    const service = enabled();
    const body = bodyOf(req);
    const lang = language(body.language);
    const result: CourtDateLookupResponse = await service.lookup(
      caseNumber(body.case_number, service.config),
      lang,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json(result);
  });

  // Validation comes before the limits so a typo costs nothing; the limits come before any provider call.
  const validateCodeRequest: RequestHandler = (req, _res, next) => {
    const service = enabled();
    const body = bodyOf(req);
    caseNumber(body.case_number, service.config);
    destination(channel(body.channel), body.destination);
    next();
  };

  router.post(
    '/reminders',
    ...visitor,
    validateCodeRequest,
    lookupLimit,
    destinationLimit,
    async (req, res) => {
      const service = enabled();
      const body = bodyOf(req);
      if (body.consent !== true) {
        throw new HttpError('bad_request', 'consent must be true: the visitor agreed to the consent text.', {
          param: 'consent',
        });
      }
      const consentVersion = body.consent_version;
      if (
        consentVersion !== undefined &&
        (!Number.isInteger(consentVersion) || (consentVersion as number) < 1)
      ) {
        throw new HttpError('bad_request', 'consent_version must be a version number.', {
          param: 'consent_version',
        });
      }
      const lang = language(body.language, undefined);
      const ch = channel(body.channel);
      // The visitor agreed to a text the court published: the newest, or an earlier one still on screen.
      const newest = (await service.store.consentText(lang)).version;
      if (consentVersion !== undefined && (consentVersion as number) > newest) {
        throw new HttpError(
          'bad_request',
          `consent_version must be a published version (the newest is ${newest}).`,
          {
            param: 'consent_version',
          },
        );
      }
      const result: ReminderResponse = await service.requestCode('subscribe', {
        visitorId: visitorOf(res).vid,
        ipHash: ipHash(service.config.hashKey, req.ip),
        caseNumber: caseNumber(body.case_number, service.config),
        channel: ch,
        destination: destination(ch, body.destination),
        language: lang,
        consentVersion: (consentVersion as number | undefined) ?? newest,
      });
      res.status(202).json(result);
    },
  );

  router.post(
    '/reminders/stop',
    ...visitor,
    validateCodeRequest,
    lookupLimit,
    destinationLimit,
    async (req, res) => {
      const service = enabled();
      const body = bodyOf(req);
      const ch = channel(body.channel);
      const result: ReminderResponse = await service.requestCode('stop', {
        visitorId: visitorOf(res).vid,
        ipHash: ipHash(service.config.hashKey, req.ip),
        caseNumber: caseNumber(body.case_number, service.config),
        channel: ch,
        destination: destination(ch, body.destination),
        language: language(body.language),
        consentVersion: null,
      });
      res.status(202).json(result);
    },
  );

  router.post('/reminders/confirm', ...visitor, confirmLimit, async (req, res) => {
    const service = enabled();
    const code = bodyOf(req).code;
    if (typeof code !== 'string' || !/^\s*\d{6}\s*$/.test(code)) {
      throw new HttpError('bad_request', 'code must be the 6 digits from the message.', { param: 'code' });
    }
    const result: ReminderResponse = await service.confirm(visitorOf(res).vid, code.trim());
    res.json(result);
  });

  router.post('/warrants/info', ...visitor, async (req, res) => {
    const lang = language(bodyOf(req).language);
    const clerk = cfg?.clerk ?? { phone: null, email: null, url: null };
    const result: WarrantInfoResponse = warrantInfo(lang, warrants, clerk);
    res.json(result);
  });

  router.post('/intent', ...visitor, async (req, res) => {
    const text = bodyOf(req).text;
    if (typeof text !== 'string' || text.trim() === '' || text.length > maxTextChars) {
      throw new HttpError('bad_request', `text must be a question of 1 to ${maxTextChars} characters.`, {
        param: 'text',
      });
    }
    const result: IntentResponse = classifyIntent(text, { caseNumberSource: cfg?.caseNumberSource });
    res.json(result);
  });

  return router;
}
