/** The talent detail's payouts tab (spec 2.5). */
export function TalentPayoutsTab({ talentId }: { talentId: string }) {
  return <div data-talent-id={talentId} />;
}
