import type { Me } from '@doppel/validation';
import { createContext, useContext } from 'react';
import { useLiveInvalidate } from '../../live/use-live.ts';

export type TalentContextValue = { me: Me; talentId: string };

/** The signed-in creator and the twin the dashboard is about (their first managed twin). */
export const TalentContext = createContext<TalentContextValue | null>(null);

export function useTalentContext(): TalentContextValue {
  const value = useContext(TalentContext);
  if (!value) throw new Error('useTalentContext is used outside the talent layout');
  return value;
}

/**
 * Refetches a screen's reads when anything of the twin changes (`talent:{id}`), so an edit made in
 * another browser, by a co-manager or by an admin shows without a reload.
 */
export function useTalentLive(talentId: string, refetch: () => void): void {
  useLiveInvalidate([`talent:${talentId}`], refetch);
}
