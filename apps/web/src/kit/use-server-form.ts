import { useState } from 'react';
import { notifySuccess } from '../components/notify-success.ts';
import { describeError } from '../errors/describe-error.ts';
import { handleError } from '../errors/handle-error.ts';
import { splitFieldErrors } from '../forms/server-errors.ts';

/** What the hook needs of a Mantine form. */
type ServerForm<Values> = {
  getValues: () => Values;
  setErrors: (errors: Record<string, string>) => void;
  onSubmit: (handler: (values: Values) => void) => (event?: React.FormEvent<HTMLFormElement>) => void;
  resetDirty: (values?: Values) => void;
};

/**
 * Submits a form to the server: "Saved!" on success; the server's field errors land under the
 * form's fields and any other refusal comes back as `error` for the form to show above its
 * buttons (the shared handler reports it too, without a second toast).
 */
export function useServerForm<Values, Result>(
  form: ServerForm<Values>,
  save: (values: Values) => Promise<Result>,
  options: {
    savedMessage?: string | null;
    onSaved?: (result: Result, values: Values) => void;
    /** Server fields the form names differently, e.g. `{ chatMessageSuggestions: 'starters' }`. */
    fieldNames?: Record<string, string>;
  } = {},
) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.onSubmit((values) => {
    setSaving(true);
    setError(null);
    save(values)
      .then((result) => {
        form.resetDirty(values);
        if (options.savedMessage !== null) notifySuccess(options.savedMessage);
        options.onSaved?.(result, values);
      })
      .catch((failure: unknown) => {
        const described = describeError(failure);
        const fields = Object.keys(form.getValues() as Record<string, unknown>);
        const serverErrors = renameFields(described.fieldErrors, options.fieldNames ?? {});
        const { onFields, other } = splitFieldErrors(serverErrors, fields);
        form.setErrors(onFields);
        const shown = other ?? (Object.keys(onFields).length > 0 ? null : described.message);
        setError(shown);
        handleError(failure, { notify: false });
      })
      .finally(() => setSaving(false));
  });

  return { onSubmit, saving, error };
}

function renameFields(
  fieldErrors: Record<string, string[]> | null,
  names: Record<string, string>,
): Record<string, string[]> | null {
  if (!fieldErrors) return null;
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [names[field] ?? field, messages]));
}
