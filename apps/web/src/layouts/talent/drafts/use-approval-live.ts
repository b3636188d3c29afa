import { useEffect, useRef } from 'react';
import { useLive } from '../../../live/use-live.ts';
import { trpc } from '../../../trpc/trpc.ts';

/**
 * The changes approval mode cares about on the twin's scope: a draft held or decided, a correction
 * kept, a model version trained (the corrections it took in stop waiting). Only those: the scope
 * also carries every chat message, which would refetch for nothing.
 */
const approvalEntities: ReadonlySet<string> = new Set(['reply_drafts', 'talent_corrections', 'model_versions']);

/** Calls `refresh` when a draft, a correction or the twin's model changes, once for a burst of them. */
export function useApprovalLive(talentId: string | undefined, refresh: () => void, delayMs = 200): void {
  const latest = useRef(refresh);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLive(talentId ? [`talent:${talentId}`] : [], (event) => {
    if (!approvalEntities.has(event.data.entity) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  });
}

/** `talent.corrections.summary` (corrections kept and waiting, replies held), kept live. */
export function useCorrectionsSummary(talentId: string | undefined) {
  const utils = trpc.useUtils();
  const query = trpc.talent.corrections.summary.useQuery({ talentId: talentId ?? '' }, { enabled: Boolean(talentId) });
  useApprovalLive(talentId, () => {
    if (talentId) void utils.talent.corrections.summary.invalidate({ talentId });
  });
  return query;
}
