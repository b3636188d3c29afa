import { useState } from 'react';

/**
 * True from the first time `opened` was true: a dialog or sheet whose code loads lazily (on its
 * first opening, not with the page) is built only then, so a page's first commit does not build
 * panels nobody has opened, and it then stays mounted, so closing it keeps its closing transition.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  // Set during render (React's pattern for state derived from props): no extra commit.
  if (opened && !once) setOnce(true);
  return once || opened;
}
