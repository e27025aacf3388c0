import type { CourtLanguage } from '@amicus/protocol';
import type {
  WireConsentText,
  WireCourtDatesStatus,
  WireForgetResult,
  WireOutbox,
} from '@amicus/protocol/admin';
import { type Request, type Response, Router } from 'express';
import { AdminError, invalid } from '../admin/admin-error.js';
import { appendAudit } from '../admin/audit.js';
import { clientIp, signedIn } from '../admin/auth/guard.js';
import type { RelayDeps } from '../deps.js';
import { SchedulingError } from '../scheduling/errors.js';
import { normalizeDestination } from './destination.js';
import { courtLanguage } from './messages.js';
import type { CourtDates } from './service.js';
import type { ConsentLogRow } from './store.js';

const MAX_CONSENT_CHARS = 2000;
const LANGUAGES: readonly CourtLanguage[] = ['en', 'es'];

function csvCell(value: unknown): string {
  const text = value == null ? '' : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function consentLogCsv(rows: ConsentLogRow[]): string {
  const columns: (keyof ConsentLogRow)[] = [
    'at',
    'action',
    'consent_version',
    'language',
    'channel',
    'destination_hash',
    'ip_hash',
    'case_hash',
  ];
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * `/admin/api/court-dates/...`: integration status, settings read from the environment, the versioned
 * consent text, counts, the demo outbox, the consent-log export and deletion by destination. Every change
 * (and the export) is audited; case numbers and destinations appear there only as keyed hashes.
 */
export function createCourtDatesAdminRoutes(deps: RelayDeps): Router {
  const router = Router();
  const service = (): CourtDates => {
    if (!deps.courtDates) {
      throw new AdminError('not_configured', 'Court dates are not configured (set SCHEDULING_*).');
    }
    return deps.courtDates;
  };

  router.get('/court-dates/status', async (_req: Request, res: Response) => {
    const courtDates = deps.courtDates;
    if (!courtDates) {
      const off: WireCourtDatesStatus = { enabled: false };
      res.json(off);
      return;
    }
    // A live check, so "token OK" means the provider accepted our credentials just now.
    let check: { ok: boolean; error: string | null } = { ok: true, error: null };
    try {
      await courtDates.client.settings();
    } catch (error) {
      if (!(error instanceof SchedulingError)) throw error;
      check = { ok: false, error: error.message };
    }
    const { config, store } = courtDates;
    const now = deps.now();
    const body: WireCourtDatesStatus = {
      enabled: true,
      server_url: config.serverUrl,
      check,
      status: courtDates.client.status(),
      court_name: await courtDates.courtName().catch(() => config.courtName ?? null),
      case_number_pattern: config.caseNumberSource,
      confidential_types: config.confidentialTypes,
      consent: {
        en: await store.consentText('en'),
        es: await store.consentText('es'),
      },
      counts: await store.counters(now),
      subscribed_destinations: await store.destinationCount(),
    };
    res.json(body);
  });

  router.put('/court-dates/consent', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const { store } = service();
    const body = (req.body ?? {}) as { language?: unknown; text?: unknown };
    const language = courtLanguage(body.language);
    if (!language || !LANGUAGES.includes(language))
      throw invalid('language must be "en" or "es".', 'language');
    if (typeof body.text !== 'string' || body.text.trim() === '' || body.text.length > MAX_CONSENT_CHARS) {
      throw invalid(`text must be 1 to ${MAX_CONSENT_CHARS} characters.`, 'text');
    }
    const saved: WireConsentText = await store.saveConsentText(
      language,
      body.text.trim(),
      username,
      deps.now(),
    );
    await appendAudit(deps.sql, deps.now(), {
      actor: username,
      action: 'court_dates.consent.update',
      target: `${language}/v${saved.version}`,
      ip: clientIp(req),
      result: 'success',
      detail: { language, version: saved.version },
    });
    res.json(saved);
  });

  router.get('/court-dates/outbox', async (_req: Request, res: Response) => {
    const { client } = service();
    try {
      const outbox: WireOutbox = { available: true, data: await client.outbox(50) };
      res.json(outbox);
    } catch (error) {
      if (!(error instanceof SchedulingError)) throw error;
      // The provider's own service has no outbox: only our embedded one has this extension.
      const none: WireOutbox = { available: false, data: [], error: error.message };
      res.json(none);
    }
  });

  router.get('/court-dates/consent-log', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const rows = await service().store.consentLog();
    await appendAudit(deps.sql, deps.now(), {
      actor: username,
      action: 'court_dates.consent_log.export',
      ip: clientIp(req),
      result: 'success',
      detail: { rows: rows.length },
    });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="consent-log-${deps.now().toISOString().slice(0, 10)}.csv"`,
    );
    res.send(consentLogCsv(rows));
  });

  router.post('/court-dates/forget', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const courtDates = service();
    const body = (req.body ?? {}) as { channel?: unknown; destination?: unknown };
    if (body.channel !== 'sms' && body.channel !== 'email')
      throw invalid('channel must be "sms" or "email".', 'channel');
    const destination = normalizeDestination(body.channel, body.destination);
    if (!destination)
      throw invalid('destination must be a phone number or an e-mail address.', 'destination');
    const result: WireForgetResult = await courtDates.forget(body.channel, destination);
    await appendAudit(deps.sql, deps.now(), {
      actor: username,
      action: 'court_dates.destination.delete',
      target: result.destination_hash,
      ip: clientIp(req),
      result: 'success',
      detail: { destination_hash: result.destination_hash, detached: result.detached, ...result.deleted },
    });
    res.json(result);
  });

  return router;
}
