import type {
  ClerkContact,
  CourtDateLookupResponse,
  CourtLanguage,
  ReminderChannel,
  ReminderResponse,
} from '@amicus/protocol';
import type { Logger } from 'pino';
import { HttpError } from '../http/http-error.js';
import type { SchedulingClient } from '../scheduling/client.js';
import { SchedulingError } from '../scheduling/errors.js';
import type { CourtDatesConfig } from './config.js';
import { decrypt, encrypt, keyedHash, sameHash, sixDigitCode } from './crypto.js';
import { hearingOver } from './hearing.js';
import { type CaseHearings, findHearings } from './lookup.js';
import { fill, MESSAGES } from './messages.js';
import type { CourtDatesStore } from './store.js';

export const CODE_TTL_MS = 15 * 60_000;
export const CODE_TRIES = 5;

interface Sealed {
  case_number: string;
  destination: string;
}

export interface CodeRequest {
  visitorId: string;
  ipHash: string;
  caseNumber: string;
  channel: ReminderChannel;
  destination: string;
  language: CourtLanguage;
  consentVersion: number | null;
}

/**
 * Court-date look-ups and reminder opt-in/opt-out. Everything that reaches a log or the audit trail is a
 * keyed hash: case numbers, destinations, addresses.
 */
export class CourtDates {
  private courtNameCache: string | undefined;

  constructor(
    readonly config: CourtDatesConfig,
    readonly client: SchedulingClient,
    readonly store: CourtDatesStore,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  hash(purpose: 'case' | 'destination', value: string): string {
    return keyedHash(this.config.hashKey, purpose, value);
  }

  async courtName(): Promise<string> {
    if (this.config.courtName) return this.config.courtName;
    if (this.courtNameCache) return this.courtNameCache;
    const settings = await this.guard(() => this.client.settings());
    this.courtNameCache = settings.name?.trim() || 'the court';
    return this.courtNameCache;
  }

  private async clerk(court: string): Promise<ClerkContact> {
    const { clerk } = this.config;
    return {
      name: clerk.name ?? `Clerk's Office, ${court}`,
      phone: clerk.phone,
      email: clerk.email,
      url: clerk.url,
      hours: clerk.hours,
    };
  }

  private hearingsOf(caseNumber: string): Promise<CaseHearings> {
    return this.guard(() => findHearings(this.client, this.config, caseNumber, 'UTC'));
  }

  async lookup(caseNumber: string, language: CourtLanguage): Promise<CourtDateLookupResponse> {
    const court = await this.courtName();
    const { hearings } = await this.hearingsOf(caseNumber);
    await this.store.count('lookups', this.now());
    this.logger.info(
      { case: this.hash('case', caseNumber), found: hearings.length > 0 },
      'court date lookup',
    );
    const found = hearings.length > 0;
    const consent = found ? await this.store.consentText(language) : undefined;
    return {
      found,
      case_number: caseNumber,
      hearings,
      court: { name: court, clerk: await this.clerk(court) },
      message: found ? MESSAGES[language].found : MESSAGES[language].notFound,
      reminders_available: found,
      consent: consent
        ? {
            version: consent.version,
            language,
            text: fill(consent.text, { court }),
            privacy_url: this.config.privacyUrl,
          }
        : null,
    };
  }

  /** Sends a code for `subscribe` or `stop`; nothing changes at the provider until it is confirmed. */
  async requestCode(action: 'subscribe' | 'stop', r: CodeRequest): Promise<ReminderResponse> {
    const { hearings } = await this.hearingsOf(r.caseNumber);
    if (hearings.length === 0) {
      // The same answer as the look-up gives, so this route reveals nothing more than it.
      throw new HttpError('not_found', 'No hearing was found for that case number.', {
        param: 'case_number',
      });
    }
    const court = await this.courtName();
    const code = sixDigitCode();
    const expiresAt = new Date(this.now().getTime() + CODE_TTL_MS);
    const sealed: Sealed = { case_number: r.caseNumber, destination: r.destination };
    const m = MESSAGES[r.language];
    await this.guard(() =>
      this.client.sendOneoff({
        to: r.destination,
        ...(r.channel === 'email' ? { subject: fill(m.codeSubject, { court }) } : {}),
        content: fill(action === 'subscribe' ? m.subscribeCode : m.stopCode, {
          court,
          code,
          minutes: String(CODE_TTL_MS / 60_000),
        }),
        send_now: true,
      }),
    );
    await this.store.putPending({
      visitor_id: r.visitorId,
      action,
      code_hash: this.codeHash(r.visitorId, code),
      sealed: encrypt(this.config.encryptionKey, JSON.stringify(sealed)),
      channel: r.channel,
      language: r.language,
      consent_version: r.consentVersion,
      ip_hash: r.ipHash,
      expires_at: expiresAt,
    });
    await this.store.count('codes_sent', this.now());
    this.logger.info(
      { case: this.hash('case', r.caseNumber), destination: this.hash('destination', r.destination), action },
      'reminder code sent',
    );
    return { status: 'code_sent', expires_at: expiresAt.toISOString() };
  }

  async confirm(visitorId: string, code: string): Promise<ReminderResponse> {
    const pending = await this.store.pending(visitorId);
    const gone = () =>
      new HttpError('not_found', 'The code has expired or was used up; ask for a new one.', {
        param: 'code',
        status: 410,
      });
    if (!pending || pending.expires_at.getTime() <= this.now().getTime() || pending.tries >= CODE_TRIES) {
      if (pending) await this.store.dropPending(visitorId);
      throw gone();
    }
    if (!sameHash(pending.code_hash, this.codeHash(visitorId, code))) {
      const tries = await this.store.addTry(visitorId);
      if (tries >= CODE_TRIES) {
        await this.store.dropPending(visitorId);
        throw gone();
      }
      throw new HttpError('bad_request', 'That code is not right.', { param: 'code' });
    }
    const sealed = JSON.parse(decrypt(this.config.encryptionKey, pending.sealed)) as Sealed;
    const caseHash = this.hash('case', sealed.case_number);
    const lookupHash = this.hash('destination', sealed.destination);
    const reference = keyedHash(this.config.hashKey, 'client', `${pending.channel}:${sealed.destination}`);
    const { hearings, eventUuids } = await this.hearingsOf(sealed.case_number);
    const at = this.now();
    if (pending.action === 'subscribe') {
      if (hearings.length > 0) {
        const client = await this.guard(async () => {
          const existing = await this.client.clientByReference(reference);
          return (
            existing ??
            (await this.client.createClient({
              client_reference: reference,
              ...(pending.channel === 'sms' ? { phone: sealed.destination } : { email: sealed.destination }),
              language: pending.language,
            }))
          );
        });
        // Already attached is fine and not told: the answer is the same either way.
        for (const uuid of eventUuids) await this.guard(() => this.client.attach(uuid, client.uuid));
        const last = new Date(Math.max(...hearings.map((h) => hearingOver(h).getTime())));
        await this.store.putDestination({
          lookup_hash: lookupHash,
          case_hash: caseHash,
          channel: pending.channel,
          sealed: encrypt(this.config.encryptionKey, sealed.destination),
          client_uuid: client.uuid,
          delete_after: last,
          at,
        });
      }
      await this.store.count('opt_ins', at);
    } else {
      const client = await this.guard(() => this.client.clientByReference(reference));
      if (client)
        for (const uuid of eventUuids) await this.guard(() => this.client.detach(uuid, client.uuid));
      await this.store.dropDestination(lookupHash, caseHash);
      await this.store.count('opt_outs', at);
    }
    await this.store.logConsent(
      {
        action: pending.action === 'subscribe' ? 'opt_in' : 'opt_out',
        consent_version: pending.consent_version,
        language: pending.language,
        channel: pending.channel,
        destination_hash: lookupHash,
        ip_hash: pending.ip_hash,
        case_hash: caseHash,
      },
      at,
    );
    await this.store.dropPending(visitorId);
    this.logger.info(
      { case: caseHash, destination: lookupHash, action: pending.action },
      'reminder change confirmed',
    );
    return {
      status: pending.action === 'subscribe' ? 'subscribed' : 'stopped',
      case_number: sealed.case_number,
    };
  }

  /**
   * Staff deletion of one phone or e-mail: detached from every event at the provider (best effort: the
   * relay's own copies go regardless), then its sealed copies and consent-log rows deleted.
   */
  async forget(
    channel: ReminderChannel,
    destination: string,
  ): Promise<{
    destination_hash: string;
    detached: number | null;
    deleted: { destinations: number; consent_log: number };
  }> {
    const lookupHash = this.hash('destination', destination);
    let detached: number | null = 0;
    try {
      const reference = keyedHash(this.config.hashKey, 'client', `${channel}:${destination}`);
      const client = await this.client.clientByReference(reference);
      if (client) {
        for (const event of await this.client.eventsOfClient(client.uuid)) {
          if (await this.client.detach(event.uuid, client.uuid)) detached += 1;
        }
      }
    } catch (error) {
      if (!(error instanceof SchedulingError)) throw error;
      this.logger.warn({ destination: lookupHash, status: error.status }, 'could not detach at the provider');
      detached = null;
    }
    const deleted = await this.store.forgetDestination(lookupHash);
    return { destination_hash: lookupHash, detached, deleted };
  }

  private codeHash(visitorId: string, code: string): string {
    return keyedHash(this.config.hashKey, `code:${visitorId}`, code);
  }

  /** Provider trouble becomes "try again shortly" (503 with Retry-After): never a wait, never a 500. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof SchedulingError)) throw error;
      this.logger.warn({ status: error.status, err: { message: error.message } }, 'scheduling service error');
      throw new HttpError(
        'upstream_unavailable',
        'The court calendar is not answering right now; please try again shortly.',
        {
          retryAfter: error.retryAfterSeconds ?? 30,
        },
      );
    }
  }
}
