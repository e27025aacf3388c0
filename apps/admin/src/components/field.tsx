import type { ComponentChildren, JSX } from 'preact';

interface BaseProps {
  id: string;
  label: string;
  help?: ComponentChildren;
  error?: string | null | undefined;
  required?: boolean;
}

/** The ids a control lists in aria-describedby: its help text, then its error. */
function describedBy(id: string, help: unknown, error: unknown): string | undefined {
  const ids = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids === '' ? undefined : ids;
}

function Messages({ id, help, error }: Pick<BaseProps, 'id' | 'help' | 'error'>) {
  return (
    <>
      {help ? (
        <div id={`${id}-help`} class="help">
          {help}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} class="field-error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </>
  );
}

type InputProps = BaseProps &
  Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'label' | 'onInput' | 'value' | 'id' | 'required'> & {
    value: string;
    onValue: (v: string) => void;
  };

export function TextField({ id, label, help, error, required, value, onValue, ...rest }: InputProps) {
  return (
    <div class="field">
      <label for={id}>
        {label}
        {required ? <span class="required"> (required)</span> : null}
      </label>
      <input
        {...rest}
        id={id}
        value={value}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, help, error)}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      <Messages id={id} help={help} error={error} />
    </div>
  );
}

type AreaProps = BaseProps & {
  value: string;
  onValue: (v: string) => void;
  rows?: number;
  placeholder?: string;
  /** Language of the text typed in, when it differs from the page's (WCAG 3.1.2). */
  lang?: string;
};

export function TextArea({
  id,
  label,
  help,
  error,
  required,
  value,
  onValue,
  rows = 4,
  placeholder,
  lang,
}: AreaProps) {
  return (
    <div class="field">
      <label for={id}>
        {label}
        {required ? <span class="required"> (required)</span> : null}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        lang={lang}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, help, error)}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      <Messages id={id} help={help} error={error} />
    </div>
  );
}

type SelectProps = BaseProps & {
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
};

export function SelectField({ id, label, help, error, value, onValue, options }: SelectProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, help, error)}
        onChange={(e) => onValue(e.currentTarget.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} help={help} error={error} />
    </div>
  );
}

export function CheckboxField({
  id,
  label,
  help,
  checked,
  onChecked,
}: BaseProps & { checked: boolean; onChecked: (v: boolean) => void }) {
  return (
    <div class="field field-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy(id, help, null)}
        onChange={(e) => onChecked(e.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      <Messages id={id} help={help} />
    </div>
  );
}
