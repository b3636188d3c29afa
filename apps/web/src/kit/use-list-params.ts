import { useSearchParams } from 'react-router-dom';
import { type ListParamsSpec, type ListParamValues, readListParams, writeListParams } from './list-params.ts';

/** A list's filters from the address and a setter that replaces the entry (no history per keystroke). */
export function useListParams<Spec extends ListParamsSpec>(spec: Spec) {
  const [params, setParams] = useSearchParams();
  const values = readListParams(params, spec);
  // From the current address, not this render's: a debounced search must not undo a filter chosen meanwhile.
  const set = (next: Partial<ListParamValues<Spec>>) =>
    setParams((current) => writeListParams(current, spec, next), { replace: true });
  return { values, set, search: params.toString() };
}
