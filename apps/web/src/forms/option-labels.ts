import type { Gender, Purpose } from '@doppel/validation';

// Words that the generic rule would get wrong.
const specialLabels: Record<string, string> = {
  EDM: 'EDM',
  GENZ: 'Gen Z',
  NON_BINARY: 'Non-binary',
  HIP_HOP: 'Hip-hop',
  ROMCOMS: 'Rom-coms',
};

/** A stored enumeration value as people read it: `VIDEO_GAMES` -> `Video games`. */
export function optionLabel(value: string): string {
  const special = specialLabels[value];
  if (special) return special;
  const words = value.toLowerCase().split('_').filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const genderLabels: Record<Gender, string> = { FEMALE: 'Female', MALE: 'Male', NON_BINARY: 'Non-binary' };

export const purposeDetails: Record<Purpose, { title: string; description: string }> = {
  BANTER: { title: 'Banter', description: 'Playful small talk, jokes and everyday chat.' },
  FLIRT: { title: 'Flirt', description: 'Charming, teasing and a little romantic.' },
  EDUCATE: { title: 'Educate', description: 'Share what you know: tips, coaching and answers.' },
  BULLY: { title: 'Roast', description: 'Savage, sarcastic tough love your fans ask for.' },
};
