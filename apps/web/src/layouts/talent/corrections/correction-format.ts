import type { CorrectionsListOutput, CorrectionView } from '@doppel/validation';

const sourceLabels: Record<CorrectionView['source'], string> = {
  DRAFT_EDIT: 'Edited reply',
  REWRITE: 'Rewritten reply',
  QUALITY_CHECK: 'Quality check answer',
};

/** Where the creator's answer came from: a draft edited before sending, a sent reply rewritten, or a quality check. */
export function correctionSourceLabel(source: CorrectionView['source']): string {
  return sourceLabels[source];
}

/** Whether the twin's model has trained on it yet: the badge's words and colour. */
export function trainingStatus(waiting: boolean): { label: string; color: string } {
  return waiting ? { label: 'Waiting for training', color: 'orange' } : { label: 'Trained', color: 'teal' };
}

/** The notification after taking a correction back. */
export const takenBackMessage = 'Correction taken back — your twin will not learn from it';

/** The loaded pages without one correction, so a taken-back card leaves before the refetch lands. */
export function withoutCorrection(pages: CorrectionsListOutput[], correctionId: string): CorrectionsListOutput[] {
  if (!pages.some((page) => page.items.some((item) => item.id === correctionId))) return pages;
  return pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== correctionId) }));
}
