import { PendingSection } from '../shared/pending-section.tsx';

/** The talents section's routes (spec 2.5). */
export function TalentsSection() {
  return <PendingSection />;
}
