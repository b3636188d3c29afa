export { adultAge, ageOn, needsAgeConfirmation, twinRequiresAdult } from './age-rules.ts';
export { confirmAge } from './confirm-age.ts';
