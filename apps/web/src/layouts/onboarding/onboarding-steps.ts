/** The eight onboarding steps of docs/product-rules.md#onboarding, in order. */
export const onboardingSteps = [
  { path: '/name', title: 'What should we call your AI twin?', description: 'Fans see this name in every chat.' },
  {
    path: '/profile-picture',
    title: 'Upload a profile picture',
    description: 'A clear photo of your face works best. JPG, PNG or WEBP; you can add one later.',
  },
  {
    path: '/handle',
    title: 'Claim your handle',
    description: 'Your link and @name on Doppel. Letters, numbers and underscores.',
  },
  { path: '/gender-age', title: 'Gender and age', description: 'So your twin talks about itself the way you do.' },
  { path: '/purpose', title: 'What is your twin for?', description: 'Pick the one vibe your chats should have.' },
  { path: '/personality-traits', title: 'Pick up to 3 personality traits', description: 'How your twin comes across.' },
  { path: '/interests', title: 'Pick up to 5 interests', description: 'What your twin loves to talk about.' },
  {
    path: '/initial-chat-message',
    title: 'Write the first chat message',
    description: 'The greeting every new fan receives from your twin.',
  },
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
