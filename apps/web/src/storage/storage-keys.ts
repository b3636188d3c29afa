/** localStorage keys shared with other screens (spec 2.1 referral tag, spec 2.5 admin switch). */
// Apart from stored-value.ts (which needs React) so the entry (shell/early-calls.ts) can read them.
export const storageKeys = {
  referralTalentTag: 'referralTalentTag',
  adminSwitch: 'isAdmin',
} as const;
