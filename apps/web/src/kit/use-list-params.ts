import { useSearchParams } from 'react-router-dom';
import { type ListParamsSpec, type ListParamValues, readListParams, writeListParams } from './list-params.ts';

/** A list's filters from the address and a setter that replaces the entry (no history per keystroke). */
export function useListParams<Spec extends ListParamsSpec>(spec: Spec) {
  const [params, setParams] = useSearchParams();
  const values = readListParams(params, spec);
  const set = (next: Partial<ListParamValues<Spec>>) => setParams(writeListParams(params, spec, next), { replace: true });
  return { values, set, search: params.toString() };
}
