import { PendingSection } from '../shared/pending-section.tsx';

/** The status section's routes (spec 2.5). */
export function StatusSection() {
  return <PendingSection />;
}
