/** The talent detail's analytics tab (spec 2.5). */
export function TalentAnalyticsTab({ talentId }: { talentId: string }) {
  return <div data-talent-id={talentId} />;
}
