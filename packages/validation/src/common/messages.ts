/** Messages the spec fixes word for word (sections 5 and 8). Forms and procedures share them. */
export const messages = {
  required: 'Required',
  termsNotAccepted: 'Please review and accept the Terms of Service to proceed.',
  ageRequired: 'Age is required',
  talentIdNotDefined: 'Talent ID is not defined',
  ageNotDefined: 'Age is not defined',
  selectAtLeast: (count: number) => `Please select at least ${count} item(s)`,
  selectAtMost: (count: number) => `Please select at most ${count} item(s)`,
} as const;
