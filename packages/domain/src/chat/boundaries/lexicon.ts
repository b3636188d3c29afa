// The offline content classifier's words: a small curated list, matched as whole stemmed words
// (words.ts), so one entry covers its plurals and verb forms. SUGGESTIVE is flirting and innuendo; ADULT is sexual or explicit. The moderation
// endpoint, when configured, catches what a list cannot.
import type { ContentLevel } from '@doppel/validation';

export const suggestiveTerms = [
  'sexy',
  'flirt',
  'flirty',
  'seduce',
  'seductive',
  'lingerie',
  'naughty',
  'make out',
  'kiss me',
  'turn me on',
  'turned on',
  'undress',
  'spicy pic',
  'thirst trap',
];

export const adultTerms = [
  'sex',
  'sexual',
  'sext',
  'nude',
  'naked',
  'porn',
  'porno',
  'nsfw',
  'horny',
  'orgasm',
  'masturbate',
  'boobs',
  'tits',
  'nipple',
  'dick pic',
  'pussy',
  'blowjob',
  'handjob',
  'fuck me',
  'onlyfans',
  'xxx',
];

/** Levels in order: a message is allowed when its level is at most the twin's. */
export const contentLevelRank: Record<ContentLevel, number> = { SAFE: 0, SUGGESTIVE: 1, ADULT: 2 };
