import { DEFAULT_NAMESPACE } from '@amicus/contract';
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { namespaceError } from '../validation/namespace.js';
import { SelectField, TextField } from './field.js';

const NEW = '__new__';

/**
 * Choose an existing namespace or type a new one. Reports the chosen value and whether it is valid;
 * `showErrors` turns on messages once the user has tried to submit.
 */
export function NamespacePicker({
  id,
  value,
  onValue,
  showErrors,
  error: external,
}: {
  id: string;
  value: string;
  onValue: (v: string) => void;
  showErrors: boolean;
  /** An error from the server for this field, shown in place of the local check. */
  error?: string | undefined;
}) {
  const { api } = useServices();
  const [names, setNames] = useState<string[]>([DEFAULT_NAMESPACE]);
  const [creating, setCreating] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    api.namespaces().then(
      ({ data }) => setNames(data.length > 0 ? data.map((n) => n.name) : [DEFAULT_NAMESPACE]),
      (err) => setLoadError(`Could not load namespaces: ${describeError(err)}`),
    );
  }, [api]);

  const error = external ?? (showErrors || (creating && value !== '') ? namespaceError(value) : null);
  const help =
    'A namespace groups documents, for example one per court or per topic. New names use lowercase letters, digits, "-" and "_" (up to 64).';

  return (
    <fieldset class="namespace">
      <legend>Namespace</legend>
      <SelectField
        id={`${id}-select`}
        label="Put the documents in"
        value={creating ? NEW : value}
        onValue={(v) => {
          if (v === NEW) {
            setCreating(true);
            onValue('');
          } else {
            setCreating(false);
            onValue(v);
          }
        }}
        options={[...names.map((n) => ({ value: n, label: n })), { value: NEW, label: 'New namespace…' }]}
        help={creating ? undefined : help}
        error={creating ? loadError : (error ?? loadError)}
      />
      {creating ? (
        <TextField
          id={`${id}-new`}
          label="New namespace name"
          value={value}
          onValue={(v) => onValue(v.trim())}
          help={help}
          error={error}
          required
          autoComplete="off"
          spellcheck={false}
        />
      ) : null}
    </fieldset>
  );
}
