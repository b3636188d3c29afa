/** A hold limit in words: "15 minutes", "1 hour", "24 hours" (the settings' choices are whole hours past one). */
export function holdMinutesLabel(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
