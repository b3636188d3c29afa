/** The talent detail's broadcasts tab (spec 2.5). */
export function TalentBroadcastsTab({ talentId }: { talentId: string }) {
  return <div data-talent-id={talentId} />;
}
