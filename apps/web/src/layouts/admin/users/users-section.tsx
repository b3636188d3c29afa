import { PendingSection } from '../shared/pending-section.tsx';

/** The users section's routes (spec 2.5). */
export function UsersSection() {
  return <PendingSection />;
}
