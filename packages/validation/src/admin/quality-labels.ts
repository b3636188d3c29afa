// The quality checks' categories, run triggers and statuses with the words screens show for them.
// No zod here (docs/architecture.md#performance): the creator's home shows scores without the schemas.

export const qualityCategories = ['FAQ', 'KNOWLEDGE', 'CORRECTION', 'BOUNDARY', 'HONESTY'] as const;
export type QualityCategory = (typeof qualityCategories)[number];

/** How screens name the categories, in check-set order. */
export const qualityCategoryLabels: Record<QualityCategory, string> = {
  FAQ: 'FAQ',
  KNOWLEDGE: 'Knowledge',
  CORRECTION: 'Corrections',
  BOUNDARY: 'Boundaries',
  HONESTY: 'Honesty',
};

export const qualityRunTriggers = ['MANUAL', 'NEW_VERSION', 'TWIN_CHANGED', 'NIGHTLY'] as const;
export const qualityRunTriggerLabels: Record<(typeof qualityRunTriggers)[number], string> = {
  MANUAL: 'Run now',
  NEW_VERSION: 'New version',
  TWIN_CHANGED: 'Twin changed',
  NIGHTLY: 'Nightly',
};
export const qualityRunStatuses = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
