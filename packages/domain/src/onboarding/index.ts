// The creator's eight-step onboarding: drafts, handles, referral and finishing (docs/creator-access.md#onboarding-steps).
export { mayOnboard, notAcceptedMessage, type OnboardingCandidate } from './access.ts';
export { assertDraftComplete, draftProblems, unofferedInterests } from './draft-rules.ts';
export {
  createTalentDraft,
  type DraftRow,
  getOnboardingState,
  lockOwnDraft,
  onboardingFinishedMessage,
  onboardingStateOf,
  toTalentDraft,
  updateTalentDraft,
} from './drafts.ts';
export { finishOnboarding } from './finish.ts';
export { checkHandle, handleTakenError, isHandleTaken, lockHandle } from './handles.ts';
export { findTalentByTag } from './referral.ts';
