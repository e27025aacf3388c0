import type { ErrorKind } from './relay-error';

/** What the alert says: an i18n key. */
export type NoticeKind = Exclude<ErrorKind, 'aborted' | 'notFound' | 'unauthorized' | 'cut'> | 'expired';

/** Failures without a message of their own read as the generic one; Stop is not an error. */
export const noticeFor = (kind: ErrorKind): NoticeKind | null =>
  kind === 'aborted'
    ? null
    : kind === 'notFound' || kind === 'unauthorized' || kind === 'cut'
      ? 'failed'
      : kind;
