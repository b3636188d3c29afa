import { createContext, useContext } from 'react';
import type { AdminSection } from '../layouts/admin/sections.tsx';

/** The section whose routes are showing; the layout provides it, shared pieces read it. */
export const CurrentSectionContext = createContext<AdminSection | null>(null);

export function useCurrentSection(): AdminSection {
  const section = useContext(CurrentSectionContext);
  if (!section) throw new Error('useCurrentSection is used outside an admin section');
  return section;
}
