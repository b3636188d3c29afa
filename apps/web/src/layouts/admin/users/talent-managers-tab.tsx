/** The talent detail's Managers tab: managers and invitations (built with the Users section). */
export function TalentManagersTab({ talentId }: { talentId: string }) {
  return <div data-talent-id={talentId} />;
}
