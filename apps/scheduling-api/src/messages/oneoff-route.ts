import type { AppDeps } from '../deps.js';
import { optionalCount, optionalFlag, optionalText } from '../http/fields.js';
import { badRequest, HttpError } from '../http/http-error.js';
import type { RouteDef } from '../http/route.js';
import { agencyOf } from '../settings/agency.js';
import { isTimeZone, splitDateTime, zonedToInstant } from '../time/zoned-time.js';
import { channelOf, deliverDue, hasDuplicate, insertMessage, messageWire } from './outbox.js';

/** The duplicate window's default, before and after scheduled_at (contract, Limits). */
const DUPLICATE_MINUTES = 30;
const MINUTE = 60_000;

function requiredText(body: Record<string, unknown>, field: string): string {
  const v = optionalText(body, field);
  if (v === undefined || v === null || v.trim() === '')
    throw badRequest(`The ${field} field is required.`, field);
  return v;
}

/** `POST /messages/oneoffs`: a message with custom content, written to the outbox. */
export function createOneoffRoute({ db, now }: AppDeps): RouteDef {
  return {
    method: 'POST',
    path: '/v1/messages/oneoffs',
    auth: 'token',
    body: 'json',
    handle({ body }, _req, res) {
      const agency = agencyOf(db);
      const to = requiredText(body, 'to').trim();
      const content = requiredText(body, 'content');
      const subject = optionalText(body, 'subject') ?? null;
      const sendNow = optionalFlag(body, 'send_now') ?? false;
      const skipDuplicate = optionalFlag(body, 'skip_duplicate') ?? false;
      const before = optionalCount(body, 'duplicate_buffer', 10_080) ?? DUPLICATE_MINUTES;
      const after = optionalCount(body, 'duplicate_interval', 10_080) ?? DUPLICATE_MINUTES;
      const timeZone = optionalText(body, 'timezone') || agency.timezone;
      if (!isTimeZone(timeZone))
        throw badRequest('The timezone field must be an IANA time zone name.', 'timezone');
      if (channelOf(to) === 'sms' && !/\d/.test(to)) {
        throw badRequest('The to field must be a phone number or an e-mail address.', 'to');
      }

      const nowMs = now().getTime();
      // send_now bypasses the queue only when the agency allows it (delay 0 and Send Immediately on).
      const immediate = sendNow && agency.default_message_delay === 0 && agency.send_immediately === 1;
      let at: number;
      if (sendNow) {
        at = immediate ? nowMs : nowMs + agency.default_message_delay * MINUTE;
      } else {
        const raw = body.scheduled_at;
        const parts = typeof raw === 'string' ? splitDateTime(raw) : null;
        if (!parts) {
          throw badRequest(
            'The scheduled_at field is required as YYYY-MM-DD HH:MM:SS unless send_now is true.',
            'scheduled_at',
          );
        }
        at = zonedToInstant(parts[0], parts[1], timeZone);
      }

      const message = db.transaction(() => {
        if (
          !skipDuplicate &&
          hasDuplicate(db, { to, subject, content }, at - before * MINUTE, at + after * MINUTE)
        ) {
          throw new HttpError(
            409,
            'Duplicate message: the same message is already scheduled within the duplicate window.',
          );
        }
        return insertMessage(
          db,
          {
            origin: 'oneoff',
            from: channelOf(to) === 'sms' ? agency.phone : agency.email,
            to,
            subject,
            content,
            scheduledAtMs: at,
          },
          nowMs,
        );
      })();
      // The created message is reported as scheduled; with send_now it leaves the queue right after.
      res.status(201).json(messageWire(message, agency.timezone));
      if (immediate) deliverDue(db, nowMs);
    },
  };
}
