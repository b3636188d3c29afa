// The checks of the reply job: the fan's message by the moderation endpoint before the model is
// called (the creator's rules already ran in chat.send), and the twin's complete reply by the
// rules and moderation before it is stored. A moderation call that fails does not hold the reply
// back: the creator's rules, which always run, still decide, and the failure is logged.
import { loggableErrorText } from '@doppel/db';
import { type CrisisSignal, selfHarmIn } from '../../ports/crisis-check.ts';
import type { LlmPort, ModerationVerdict } from '../../ports/llm.ts';
import { moderationCrossing } from './moderation.ts';
import { type BoundaryCrossing, type BoundaryRules, checkReplyRules } from './rules.ts';

export type BoundaryCheckDeps = {
  llm: Pick<LlmPort, 'moderate'>;
  log?: ((message: string, fields: Record<string, unknown>) => void) | undefined;
};

/** The moderation endpoint's verdict, or null when none is configured, the text is empty or the call failed. */
async function verdictOf(deps: BoundaryCheckDeps, text: string): Promise<ModerationVerdict | null> {
  if (!deps.llm.moderate || text.trim() === '') return null;
  try {
    return await deps.llm.moderate(text);
  } catch (error) {
    deps.log?.('moderation failed', { error: loggableErrorText(error) });
    return null;
  }
}

async function moderate(deps: BoundaryCheckDeps, text: string, rules: BoundaryRules): Promise<BoundaryCrossing | null> {
  const verdict = await verdictOf(deps, text);
  return verdict ? moderationCrossing(verdict, rules) : null;
}

/**
 * What the moderation endpoint makes of the fan's message: a crisis (its self-harm categories: the
 * safety reply, not a refusal), a crossing of the twin's boundaries (the refusal), or null when the
 * twin may answer (also when no endpoint is configured).
 */
export type FanModeration = { crisis: CrisisSignal; crossing?: never } | { crossing: BoundaryCrossing; crisis?: never } | null;

/**
 * The fan's message by the moderation endpoint, when one is configured; see FanModeration. `known`
 * is the endpoint's verdict on the same text from the send's crisis check: no second call.
 */
export async function moderateFanMessage(
  deps: BoundaryCheckDeps,
  text: string,
  rules: BoundaryRules,
  known?: ModerationVerdict,
): Promise<FanModeration> {
  const verdict = known ?? (await verdictOf(deps, text));
  if (!verdict) return null;
  const selfHarm = selfHarmIn(verdict.categories);
  if (selfHarm.length > 0) return { crisis: { source: 'MODERATION', matched: selfHarm.join(', ') } };
  const crossing = moderationCrossing(verdict, rules);
  return crossing ? { crossing } : null;
}

/**
 * The twin's complete reply, before it is stored: the creator's rules always, then the moderation
 * endpoint when configured. Null when it may be sent; otherwise the caller stores the refusal instead.
 */
export async function checkReply(deps: BoundaryCheckDeps, text: string, rules: BoundaryRules): Promise<BoundaryCrossing | null> {
  return checkReplyRules(text, rules) ?? (await moderate(deps, text, rules));
}
