/** localStorage keys shared with other screens (docs/product-rules.md#signed-out-screens referral tag, docs/product-rules.md#admin-back-office admin switch). */
// Apart from stored-value.ts (which needs React) so the entry (shell/early-calls.ts) can read them.
export const storageKeys = {
  referralTalentTag: 'referralTalentTag',
  adminSwitch: 'isAdmin',
} as const;
