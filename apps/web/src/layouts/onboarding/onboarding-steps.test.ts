import { onboardingSteps as stepNames } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { findStepIndex, onboardingSteps, stepProgress } from './onboarding-steps.ts';

describe('onboarding steps', () => {
  it('has the eight routes of docs/product-rules.md#onboarding in order', () => {
    expect(onboardingSteps.map((step) => step.path)).toEqual([
      '/name',
      '/profile-picture',
      '/handle',
      '/gender-age',
      '/purpose',
      '/personality-traits',
      '/interests',
      '/initial-chat-message',
    ]);
  });

  it('matches the step names the server derives', () => {
    expect(onboardingSteps.map((step) => step.path.slice(1))).toEqual([...stepNames]);
  });

  it('finds a step by its route, tolerating a trailing slash', () => {
    expect(findStepIndex('/name')).toBe(0);
    expect(findStepIndex('/interests/')).toBe(6);
    expect(findStepIndex('/settings')).toBe(-1);
  });
});

describe('stepProgress', () => {
  it('is the step number over eight steps, in whole percent', () => {
    expect(stepProgress(0).percent).toBe(13);
    expect(stepProgress(3).percent).toBe(50);
    expect(stepProgress(7).percent).toBe(100);
  });

  it('fills the segments up to and including the current step', () => {
    expect(stepProgress(2).segments).toEqual([true, true, true, false, false, false, false, false]);
  });

  it('links to the neighbouring steps, with none before the first or after the last', () => {
    expect(stepProgress(0)).toMatchObject({ previousPath: null, nextPath: '/profile-picture' });
    expect(stepProgress(7)).toMatchObject({ previousPath: '/interests', nextPath: null });
  });

  it('clamps an index out of range', () => {
    expect(stepProgress(-3).percent).toBe(13);
    expect(stepProgress(42).percent).toBe(100);
  });
});
