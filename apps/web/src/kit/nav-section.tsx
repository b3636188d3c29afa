import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The side menu's scrolling part, for the creator's and the admin's layouts. The browser's own
 * scrolling, not Mantine's ScrollArea: that one measures its viewport in a layout effect, which
 * forced the first page's whole style and layout into the app's first commit (a 0.7 s task at a
 * phone's speed, docs/architecture.md#performance), and a phone hides scrollbars anyway.
 */
export function NavSection({ children }: { children: ReactNode }) {
  return (
    <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      {children}
    </AppShell.Section>
  );
}
