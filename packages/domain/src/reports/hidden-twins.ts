// A twin an admin hid from fans after a report (docs/safety.md, Take-down): fans' reads refuse it,
// its creator and admins still reach it (to fix it, or to review it).
import { isAdmin, managesTalent, type Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';

export const hiddenTwinMessage = 'This twin is unavailable while we review a report about it.';

/** Throws FORBIDDEN with `hiddenTwinMessage` when the twin is hidden and the viewer is a fan. */
export function assertTwinVisibleTo(viewer: Viewer, talent: { id: string; hiddenFromFansAt: Date | null }): void {
  if (!talent.hiddenFromFansAt) return;
  if (isAdmin(viewer) || managesTalent(viewer, talent.id)) return;
  throw new DomainError('FORBIDDEN', hiddenTwinMessage);
}
