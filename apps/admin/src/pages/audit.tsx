import type { WireAuditEntry } from '@amicus/protocol/admin';
import { useEffect, useState } from 'preact/hooks';
import type { AuditQuery } from '../api/admin-api.js';
import { describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { AuditTarget } from '../components/audit-target.js';
import { SelectField, TextField } from '../components/field.js';
import { StatusBadge } from '../components/status-badge.js';
import { TableWrap } from '../components/table-wrap.js';

const ACTIONS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'upload.create': 'Uploaded files',
  'crawl.create': 'Started a crawl',
  'document.delete': 'Deleted a document',
  'document.bulk_delete': 'Deleted documents',
  'document.link': "Set a document's public link",
  'insights.export': 'Downloaded “What people ask”',
  'settings.origins.update': 'Changed allowed sites',
  'court_dates.consent.update': 'Changed the reminder consent text',
  'court_dates.consent_log.export': 'Downloaded the consent log',
  'court_dates.destination.delete': "Deleted a person's reminder data",
};

interface Filters {
  action: string;
  actor: string;
  from: string;
  to: string;
}

/** `<input type="date">` gives local calendar days; the API takes RFC 3339 instants (to is exclusive). */
function toQuery(f: Filters): AuditQuery {
  const q: AuditQuery = { limit: 100 };
  if (f.action) q.action = f.action;
  if (f.actor.trim()) q.actor = f.actor.trim();
  if (f.from) q.from = new Date(`${f.from}T00:00:00`).toISOString();
  if (f.to) {
    const end = new Date(`${f.to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    q.to = end.toISOString();
  }
  return q;
}

export function AuditPage() {
  const { api } = useServices();
  const empty: Filters = { action: '', actor: '', from: '', to: '' };
  const [draft, setDraft] = useState<Filters>(empty);
  const [applied, setApplied] = useState<Filters>(empty);
  const [entries, setEntries] = useState<WireAuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load(filters: Filters, before: string | null) {
    setError(null);
    try {
      const page = await api.audit({ ...toQuery(filters), before });
      setEntries((prev) => (before && prev ? [...prev, ...page.data] : page.data));
      setNext(page.next_cursor);
    } catch (err) {
      setError(describeError(err));
    }
  }

  useEffect(() => {
    setEntries(null);
    void load(applied, null);
  }, [applied]);

  const set = (k: keyof Filters) => (v: string) => setDraft({ ...draft, [k]: v });
  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <p>
        Every action taken in this admin: who, what, when, from where and whether it worked. Entries cannot be
        changed.
      </p>
      <form
        class="filters"
        aria-label="Filter the audit log"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(draft);
        }}
      >
        <SelectField
          id="audit-action"
          label="Action"
          value={draft.action}
          onValue={set('action')}
          options={[
            { value: '', label: 'All' },
            ...Object.entries(ACTIONS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <TextField
          id="audit-actor"
          label="User"
          value={draft.actor}
          onValue={set('actor')}
          autoComplete="off"
        />
        <TextField id="audit-from" label="From (day)" type="date" value={draft.from} onValue={set('from')} />
        <TextField
          id="audit-to"
          label="To (day, included)"
          type="date"
          value={draft.to}
          onValue={set('to')}
        />
        <div class="actions">
          <button type="submit" class="button primary">
            Apply filters
          </button>
          <button
            type="button"
            class="button"
            onClick={() => {
              setDraft(empty);
              setApplied(empty);
            }}
          >
            Reset
          </button>
        </div>
      </form>
      {error ? <p role="alert" class="form-error">{`Could not load the audit log: ${error}`}</p> : null}
      {entries === null && !error ? <p role="status">Loading…</p> : null}
      {entries?.length === 0 ? <p>No entries match.</p> : null}
      {entries && entries.length > 0 ? (
        <TableWrap label="Audit log entries">
          <table class="audit">
            <caption class="visually-hidden">Audit log entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Result</th>
                <th scope="col">Target and details</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
                  </td>
                  <td>{e.actor ?? '—'}</td>
                  <td>
                    {ACTIONS[e.action] ?? e.action}
                    <div class="muted">{e.action}</div>
                  </td>
                  <td>
                    <StatusBadge status={e.result} />
                  </td>
                  <td>
                    <AuditTarget entry={e} />
                  </td>
                  <td>{e.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {next ? (
        <button type="button" class="button" onClick={() => void load(applied, next)}>
          Show older entries
        </button>
      ) : null}
    </>
  );
}
