// The offline crisis check (docs/safety.md): a curated list of how people write about suicide and
// self-harm, matched on normalised text. It errs towards asking: a false alarm costs the fan one
// caring message; a miss costs far more. But everyday figures of speech ("this workout is killing
// me", "I'd die for that pizza") must pass, so most entries need a first-person or intent frame.
// crisis-phrases.test.ts lists what each entry must catch and the ordinary sentences it must not.

/**
 * Lower case, accents dropped, apostrophes removed ("I'm" → "im", "don’t" → "dont"), every other
 * mark a space, spaces collapsed: "I’m SUICIDAL!!!" → "im suicidal".
 */
export function normaliseForCrisis(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Each entry: a label (stored as what matched, never the fan's words) and its pattern on normalised text. */
const phrases: readonly { label: string; pattern: RegExp }[] = [
  { label: 'kill myself', pattern: /\b(kill|killing|killed|kil) (my ?self|me self)\b/ },
  // "kms" is also kilometres: not after a number ("10 kms").
  { label: 'kms', pattern: /(?<!\d )\bkms\b/ },
  { label: 'unalive myself', pattern: /\bunaliv(e|ing) (my ?self|me)\b|\bunaliving\b/ },
  { label: 'suicidal', pattern: /\bsuicidal\b/ },
  {
    label: 'suicide',
    pattern:
      /\b(commit|committing|commited|committed|attempt|attempted|attempting|thinking about|think about|thoughts of|considering|contemplating) suicide\b|\bsuicide (note|attempt|plan)\b/,
  },
  { label: 'end my life', pattern: /\b(end|ending|take|taking|took) (my|my own) life\b/ },
  {
    label: 'end it all',
    pattern: /\b(end|ending|finish|finishing) (it|everything) all\b|\bend it all\b|\bend (it|everything) tonight\b/,
  },
  {
    label: 'want to die',
    pattern:
      /\b(want|wanna|wanted|wanting|going|gonna|ready|deserve|would rather|rather) (to )?(just )?(die|be dead|not be alive|not exist)\b|\bwish i could (just )?die\b/,
  },
  {
    label: 'wish I were dead',
    pattern:
      /\bwish (i|id) (was|were|had) (dead|died|never been born)\b|\bwish i (wasnt|werent) alive\b|\bwish (i|id) (was|were|had) never (been )?born\b/,
  },
  { label: 'better off dead', pattern: /\bbetter off dead\b|\bbetter off without me\b/ },
  {
    label: 'no reason to live',
    pattern:
      /\b(no|nothing|no reason) (left )?to live for\b|\bno reason to (live|go on|keep going|be alive)\b|\b(isnt|is not|not) worth living\b/,
  },
  {
    label: 'do not want to live',
    pattern:
      /\b(dont|do not|dont really|no longer) want to (live|be alive|exist)\b|\b(dont|do not|no longer) want to (wake up|be here)( ever)? (again|anymore|any more)\b/,
  },
  { label: 'cannot go on', pattern: /\bi (just )?(cant|cannot) go on\b|\bcant go on living\b/ },
  { label: 'self-harm', pattern: /\bself ?harm(ing|ed)?\b/ },
  {
    label: 'hurt myself',
    // Intent or habit, not an injury ("I hurt myself at football"): "want to", "keep", "-ing".
    pattern:
      /\b(want|wanna|going|gonna|urge|urges|thinking about|think about|keep|started|start|need) (to )?(hurt|harm|cut|burn|hurting|harming|cutting|burning) (my ?self|me)\b|\b(hurting|harming|cutting|burning|starving) my ?self\b|\bcut my ?self again\b/,
  },
  { label: 'wrists', pattern: /\b(slit|slitting|cut|cutting|slice|slash|slashing) my wrists?\b/ },
  { label: 'hang myself', pattern: /\bhang(ing)? my ?self\b/ },
  {
    label: 'overdose',
    pattern:
      /\b(take|taking|took|thinking about|planning) (an |a )?overdose\b|\boverdos(e|ing) on (pills|meds|my meds|medication|sleeping pills|tablets)\b|\bswallow (all )?(of )?(the |my )?(pills|tablets)\b/,
  },
  { label: 'jump off', pattern: /\bjump(ing)? (off|from|in front of) (a|the|this) (bridge|roof|building|cliff|train|balcony)\b/ },
];

/** The label of the first entry the text matches, or null. */
export function matchCrisisPhrase(text: string): string | null {
  const normalised = normaliseForCrisis(text);
  if (normalised === '') return null;
  for (const phrase of phrases) if (phrase.pattern.test(normalised)) return phrase.label;
  return null;
}
