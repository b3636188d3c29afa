import type { OnboardingState, UpdateTalentDraftInput } from '@doppel/validation';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../errors/describe-error.ts';
import { splitFieldErrors } from '../../forms/server-errors.ts';
import { trpc } from '../../trpc/trpc.ts';
import { stepProgress } from './onboarding-steps.ts';

type Fields = Omit<UpdateTalentDraftInput, 'id'>;

/**
 * Saves one step's fields on the caller's draft, keeps the onboarding state in the cache, and goes
 * to the next step. Server field errors go to the form; any other message is returned for the frame.
 */
export function useDraftUpdate(
  index: number,
  options: { setFieldErrors: (errors: Record<string, string>) => void; fields: string[] },
) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [otherError, setOtherError] = useState<string | null>(null);
  const mutation = trpc.onboarding.update.useMutation();

  const save = (draftId: string | undefined, fields: Fields, then?: (state: OnboardingState) => void) => {
    setOtherError(null);
    // Without a draft the id is empty on purpose: the server answers "Talent ID is not defined".
    mutation.mutate(
      { id: draftId ?? '', ...fields },
      {
        onSuccess: (state) => {
          utils.onboarding.get.setData(undefined, state);
          if (then) then(state);
          else {
            const next = stepProgress(index).nextPath;
            if (next) navigate(next);
          }
        },
        onError: (error) => {
          const { onFields, other } = splitFieldErrors(describeError(error).fieldErrors, options.fields);
          options.setFieldErrors(onFields);
          setOtherError(other);
        },
      },
    );
  };

  return { save, saving: mutation.isPending, otherError, setOtherError };
}
