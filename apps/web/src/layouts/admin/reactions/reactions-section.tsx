import { PendingSection } from '../shared/pending-section.tsx';

/** The reactions section's routes (spec 2.5). */
export function ReactionsSection() {
  return <PendingSection />;
}
