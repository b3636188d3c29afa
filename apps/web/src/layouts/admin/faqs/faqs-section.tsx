import { PendingSection } from '../shared/pending-section.tsx';

/** The faqs section's routes (spec 2.5). */
export function FaqsSection() {
  return <PendingSection />;
}
