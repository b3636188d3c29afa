// The moderation endpoint's verdict read against the twin's level: OpenAI flags any sexual
// content, which a twin set to ADULT allows for adults, so "sexual" alone is not a crossing there.
// Everything else it flags (harassment, self-harm, sexual content with minors…) always is.
import type { ModerationVerdict } from '../../ports/llm.ts';
import { type BoundaryCrossing, type BoundaryRules, effectiveLevel } from './rules.ts';

const allowedAtAdult = new Set(['sexual']);

export function moderationCrossing(verdict: ModerationVerdict, rules: BoundaryRules): BoundaryCrossing | null {
  if (!verdict.flagged) return null;
  const adultAllowed = effectiveLevel(rules) === 'ADULT';
  const crossed = verdict.categories.filter((category) => !(adultAllowed && allowedAtAdult.has(category)));
  // Flagged without a category the SDK reports: trust the flag.
  if (verdict.categories.length === 0) return { reason: 'MODERATION', matched: 'flagged' };
  if (crossed.length === 0) return null;
  return { reason: 'MODERATION', matched: crossed.join(', ') };
}
