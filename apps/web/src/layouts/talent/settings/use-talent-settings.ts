import { type TalentSettings, talentMessages, type UpdateTalentSettingsInput } from '@doppel/validation';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { splitFieldErrors } from '../../../forms/server-errors.ts';
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
 * `talent.update` for a form submitted through useServerForm: saves some of the twin's settings and
 * keeps the twin's cached settings and dashboard current.
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
  return { update, mutation, saving: mutation.isPending };
}

/**
 * Saves some of the twin's settings with `talent.update` outside useServerForm (lists whose errors
 * are renamed onto the form, an upload): "Saved!" on success, the server's field
 * errors onto the form's fields, and any other message returned for the page to show.
 */
export function useSaveSettings(options: {
  fields: readonly string[];
  setFieldErrors?: (errors: Record<string, string>) => void;
}) {
  const { talentId } = useTalentContext();
  const [otherError, setOtherError] = useState<string | null>(null);
  const { mutation } = useUpdateSettings();

  const save = (fields: Omit<UpdateTalentSettingsInput, never>, onSaved?: (talent: TalentSettings | undefined) => void) => {
    setOtherError(null);
    mutation.mutate(
      { talentId, ...fields },
      {
        onSuccess: (result) => {
          showSaved();
          onSaved?.(isTalentSettings(result) ? result : undefined);
        },
        onError: (error) => {
          const { onFields, other } = splitFieldErrors(describeError(error).fieldErrors, options.fields);
          options.setFieldErrors?.(onFields);
          setOtherError(other ?? (describeError(error).fieldErrors ? null : describeError(error).message));
        },
      },
    );
  };
  return { save, saving: mutation.isPending, otherError };
}

function isTalentSettings(value: unknown): value is TalentSettings {
  return typeof value === 'object' && value !== null && 'staticAttachments' in value && 'shareUrl' in value;
}
