/** The talent detail's Faq tab: the talent's own FAQ (built by the FAQ section). */
export function TalentFaqTab({ talentId }: { talentId: string }) {
  return <div data-talent-id={talentId} />;
}
