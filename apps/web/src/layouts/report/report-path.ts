/** The public Report a twin form, with the twin's handle filled in when known. */
export function reportTwinPath(tag?: string): string {
  return tag ? `/report?twin=${encodeURIComponent(tag)}` : '/report';
}
