// The checks of the reply job: the fan's message by the moderation endpoint before the model is
// called (the creator's rules already ran in chat.send), and the twin's complete reply by the
// rules and moderation before it is stored. A moderation call that fails does not hold the reply
// back: the creator's rules, which always run, still decide, and the failure is logged.
import { loggableErrorText } from '@doppel/db';
import type { LlmPort } from '../../ports/llm.ts';
import { moderationCrossing } from './moderation.ts';
import { type BoundaryCrossing, type BoundaryRules, checkReplyRules } from './rules.ts';

export type BoundaryCheckDeps = {
  llm: Pick<LlmPort, 'moderate'>;
  log?: ((message: string, fields: Record<string, unknown>) => void) | undefined;
};

async function moderate(deps: BoundaryCheckDeps, text: string, rules: BoundaryRules): Promise<BoundaryCrossing | null> {
  if (!deps.llm.moderate || text.trim() === '') return null;
  try {
    return moderationCrossing(await deps.llm.moderate(text), rules);
  } catch (error) {
    deps.log?.('moderation failed', { error: loggableErrorText(error) });
    return null;
  }
}

/** The fan's message by the moderation endpoint, when one is configured; null when the twin may answer. */
export function moderateFanMessage(
  deps: BoundaryCheckDeps,
  text: string,
  rules: BoundaryRules,
): Promise<BoundaryCrossing | null> {
  return moderate(deps, text, rules);
}

/**
 * The twin's complete reply, before it is stored: the creator's rules always, then the moderation
 * endpoint when configured. Null when it may be sent; otherwise the caller stores the refusal instead.
 */
export async function checkReply(deps: BoundaryCheckDeps, text: string, rules: BoundaryRules): Promise<BoundaryCrossing | null> {
  return checkReplyRules(text, rules) ?? (await moderate(deps, text, rules));
}
