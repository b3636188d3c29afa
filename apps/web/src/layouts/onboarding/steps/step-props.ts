import type { Me, OnboardingState } from '@doppel/validation';

export type StepProps = { me: Me; state: OnboardingState };
