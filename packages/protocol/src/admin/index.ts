// `@amicus/protocol/admin`: the JSON of the relay's admin API (`/admin/api/*`) between the admin SPA and
// the relay, as on the network (apps/relay/docs/admin-api.md). Types only: no runtime code.
export type {
  WireBilingual,
  WireHelpContacts,
  WireHelpRendered,
  WireHelpSettings,
  WireTryCitation,
  WireTryExplanation,
  WireTryOutcome,
  WireTryRequest,
  WireTryResult,
  WireTrySection,
} from './answers.js';
export type {
  WireConsentText,
  WireConsentTextRequest,
  WireCount,
  WireCourtDatesStatus,
  WireForgetRequest,
  WireForgetResult,
  WireOutbox,
  WireOutboxEntry,
} from './court-dates.js';
export type {
  WireBulkDelete,
  WireBulkDeleteRequest,
  WireDeleteResult,
  WireDocumentLink,
  WireDocumentPage,
  WireNamespace,
} from './documents.js';
export type { AdminErrorCode, FileRejectionCode, WireErrorBody, WireFileRejection } from './errors.js';
export type { InsightsBucket, WireCitedPage, WireInsights } from './insights.js';
export type { UpstreamObject, WireCrawlBody, WireJob, WireList } from './jobs.js';
export type { WireLoginRequest, WireSession } from './session.js';
export type { WireAuditEntry, WireAuditPage, WireOrigins, WireOriginsRequest } from './settings.js';
