/**
 * A fan as the creator's dashboard names them: their display name, else "Anonymous fan" or "Fan"
 * with a short id, so two nameless fans stay apart. Never their email: the API does not give it.
 */
export function fanMemoryLabel(fan: { id: string; name: string; isAnonymous: boolean }): string {
  const name = fan.name.trim();
  if (name) return name;
  return `${fan.isAnonymous ? 'Anonymous fan' : 'Fan'} #${fan.id.slice(0, 6)}`;
}
