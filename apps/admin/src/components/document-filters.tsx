import { useEffect, useState } from 'preact/hooks';
import { useServices } from '../app-context.js';
import { SelectField, TextField } from './field.js';

export interface DocFilters {
  namespace: string;
  status: string;
  sourceType: string;
  q: string;
}

export const EMPTY_FILTERS: DocFilters = { namespace: '', status: '', sourceType: '', q: '' };

/** Filter form; changes apply when submitted so each keystroke does not start a new scan. */
export function DocumentFilters({ value, onApply }: { value: DocFilters; onApply: (f: DocFilters) => void }) {
  const { api } = useServices();
  const [draft, setDraft] = useState(value);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    api.namespaces().then(
      ({ data }) => setNames(data.map((n) => n.name)),
      () => setNames([]),
    );
  }, [api]);
  const set = (k: keyof DocFilters) => (v: string) => setDraft({ ...draft, [k]: v });

  return (
    <form
      class="filters"
      aria-label="Filter documents"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <TextField id="doc-q" label="Name contains" type="search" value={draft.q} onValue={set('q')} />
      <SelectField
        id="doc-ns"
        label="Namespace"
        value={draft.namespace}
        onValue={set('namespace')}
        options={[{ value: '', label: 'All' }, ...names.map((n) => ({ value: n, label: n }))]}
      />
      <SelectField
        id="doc-status"
        label="Status"
        value={draft.status}
        onValue={set('status')}
        options={[
          { value: '', label: 'All' },
          { value: 'processing', label: 'Processing' },
          { value: 'ready', label: 'Ready' },
          { value: 'failed', label: 'Failed' },
        ]}
      />
      <SelectField
        id="doc-source"
        label="Source"
        value={draft.sourceType}
        onValue={set('sourceType')}
        options={[
          { value: '', label: 'All' },
          { value: 'upload', label: 'Uploaded file' },
          { value: 'crawl', label: 'Crawled page' },
        ]}
      />
      <div class="actions">
        <button type="submit" class="button primary">
          Apply filters
        </button>
        <button
          type="button"
          class="button"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          Reset
        </button>
      </div>
    </form>
  );
}
