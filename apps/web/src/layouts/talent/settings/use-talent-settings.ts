import { type TalentSettings, talentMessages, type UpdateTalentSettingsInput } from '@doppel/validation';
import { notifySuccess } from '../../../components/notify-success.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';

/** The twin's settings (`talent.get`), refetched whenever the twin changes anywhere. */
export function useTalentSettings() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.get.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.get.invalidate({ talentId }));
  return query;
}

/** "Saved!" (docs/product-rules.md#errors-and-success-messages), the one success message of every settings page. */
export function showSaved(message: string = talentMessages.saved): void {
  notifySuccess(message);
}

/**
 * `talent.update`, to hand to useServerForm (or to call after an upload): saves some of the twin's
 * settings and keeps the twin's cached settings and dashboard current.
 */
export function useUpdateSettings() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const mutation = trpc.talent.update.useMutation({
    onSuccess: (result) => {
      const talent = isTalentSettings(result) ? result : undefined;
      if (talent) utils.talent.get.setData({ talentId }, talent);
      void utils.talent.get.invalidate({ talentId });
      void utils.talent.dashboard.home.invalidate({ talentId });
    },
  });
  const update = (fields: UpdateTalentSettingsInput) => mutation.mutateAsync({ talentId, ...fields });
  return { update, saving: mutation.isPending };
}

function isTalentSettings(value: unknown): value is TalentSettings {
  return typeof value === 'object' && value !== null && 'staticAttachments' in value && 'shareUrl' in value;
}
