// Whether a fan is an adult, for the age gate of twins above SAFE (docs/safety.md, Age gate).
// Adapters (packages/integrations/src/age): offline, the fan's own declaration of their date of
// birth; an identity or age-estimation provider can take its place later behind this port.

/** The verdict and who gave it; only the verdict and its time are stored, never the date of birth. */
export type AgeVerdict = { adult: boolean; method: 'DECLARATION' | 'PROVIDER' };

export type AgeVerification = {
  /** The verdict on what the fan declared. Throws only when a provider cannot be reached. */
  verify: (input: { userId: string; birthDate: string; now: Date }) => Promise<AgeVerdict>;
};
