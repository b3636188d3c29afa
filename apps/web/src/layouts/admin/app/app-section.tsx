import { PendingSection } from '../shared/pending-section.tsx';

/** The app section's routes (spec 2.5). */
export function AppSection() {
  return <PendingSection />;
}
