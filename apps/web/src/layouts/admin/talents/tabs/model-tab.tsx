/** The talent detail's model tab (spec 2.5). */
export function TalentModelTab({ talentId }: { talentId: string }) {
  return <div data-talent-id={talentId} />;
}
