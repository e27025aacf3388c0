const LABELS: Record<string, string> = {
  processing: 'Processing',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  failed: 'Failed',
  ready: 'Ready',
  success: 'Success',
  failure: 'Failure',
};

/** Status as words, with colour as a second cue only (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'failed' || status === 'failure'
      ? 'bad'
      : status === 'processing'
        ? 'busy'
        : status === 'completed_with_errors'
          ? 'warn'
          : 'good';
  return <span class={`badge badge-${tone}`}>{LABELS[status] ?? status}</span>;
}
