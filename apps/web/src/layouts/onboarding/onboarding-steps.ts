/** The eight onboarding steps of spec 2.3, in order. */
export const onboardingSteps = [
  { path: '/name', title: 'What should we call your AI twin?' },
  { path: '/profile-picture', title: 'Upload a profile picture' },
  { path: '/handle', title: 'Claim your handle' },
  { path: '/gender-age', title: 'Gender and age' },
  { path: '/purpose', title: 'What is your twin for?' },
  { path: '/personality-traits', title: 'Pick up to 3 personality traits' },
  { path: '/interests', title: 'Pick up to 5 interests' },
  { path: '/initial-chat-message', title: 'Write the first chat message' },
] as const;

export type OnboardingStep = (typeof onboardingSteps)[number];

/** Index of the step whose route is the given path, or -1. */
export function findStepIndex(pathname: string): number {
  const path = pathname.replace(/\/+$/, '') || '/';
  return onboardingSteps.findIndex((step) => step.path === path);
}

export type StepProgress = {
  /** Whole percent shown above the bar: the step's number over the eight steps. */
  percent: number;
  /** One entry per step: true for the steps reached so far, including the current one. */
  segments: boolean[];
  previousPath: string | null;
  nextPath: string | null;
};

/** Progress of the step at `index` (0-based, clamped into range). */
export function stepProgress(index: number): StepProgress {
  const total = onboardingSteps.length;
  const current = Math.min(Math.max(Math.trunc(index), 0), total - 1);
  return {
    percent: Math.round(((current + 1) / total) * 100),
    segments: onboardingSteps.map((_, i) => i <= current),
    previousPath: onboardingSteps[current - 1]?.path ?? null,
    nextPath: onboardingSteps[current + 1]?.path ?? null,
  };
}
