import { useEffect, useRef } from 'react';

/**
 * Keeps a form in step with data that changes live: when the stored values change and the person
 * has nothing unsaved, the form takes them (an edit made elsewhere shows at once); unsaved edits
 * are never overwritten.
 */
export function useSyncFormWithData<V>(
  form: {
    isDirty: () => boolean;
    setInitialValues: (values: V) => void;
    setValues: (values: V) => void;
    resetDirty: (values?: V) => void;
  },
  values: V,
): void {
  const key = JSON.stringify(values);
  const last = useRef(key);
  useEffect(() => {
    if (key === last.current) return;
    last.current = key;
    if (form.isDirty()) return;
    const next = JSON.parse(key) as V;
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  }, [key, form]);
}
