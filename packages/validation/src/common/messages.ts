/** Messages fixed word for word (docs/product-rules.md#validation, #errors-and-success-messages). Forms and procedures share them. */
export const messages = {
  required: 'Required',
  termsNotAccepted: 'Please review and accept the Terms of Service to proceed.',
  ageRequired: 'Age is required',
  talentIdNotDefined: 'Talent ID is not defined',
  ageNotDefined: 'Age is not defined',
  selectAtLeast: (count: number) => `Please select at least ${count} item(s)`,
  selectAtMost: (count: number) => `Please select at most ${count} item(s)`,
} as const;
