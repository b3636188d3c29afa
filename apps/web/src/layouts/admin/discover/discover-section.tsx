import { PendingSection } from '../shared/pending-section.tsx';

/** The discover section's routes (spec 2.5). */
export function DiscoverSection() {
  return <PendingSection />;
}
