import { useState } from 'react';

/**
 * True from the first time `opened` is true on. Sheets and dialogs render only from then, so the
 * chat's first commit does not build (or run the hooks of) panels nobody has opened yet, and once
 * built they stay, so closing still plays their exit transition.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(opened);
  // Derived state set while rendering: React re-renders at once, before anything is committed.
  if (opened && !openedOnce) setOpenedOnce(true);
  return openedOnce || opened;
}
