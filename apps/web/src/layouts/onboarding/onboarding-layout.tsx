import type { Me } from '@doppel/validation';
import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AccountHeader } from '../../components/account-header.tsx';
import { OnboardingStepScreen } from './onboarding-step-screen.tsx';
import { findStepIndex, onboardingSteps, stepProgress } from './onboarding-steps.ts';

/** The step-by-step twin set-up (spec 2.3): percent and a segmented bar over the eight steps. */
export function OnboardingLayout({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const index = findStepIndex(pathname);
  const progress = stepProgress(Math.max(index, 0));

  return (
    <Box mih="100dvh" bg="var(--mantine-color-doppel-0)">
      <AccountHeader name={me.name} email={me.email} />
      <Container size="sm" pb="xl">
        {index >= 0 && (
          <Box mb="lg" aria-label="Onboarding progress">
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={600}>
                Step {index + 1} of {onboardingSteps.length}
              </Text>
              <Text size="sm" fw={700} c="doppel" data-testid="onboarding-percent">
                {progress.percent}%
              </Text>
            </Group>
            <Group gap={6} grow wrap="nowrap">
              {progress.segments.map((reached, i) => (
                <Box
                  key={onboardingSteps[i]?.path}
                  h={6}
                  bg={reached ? 'doppel.6' : 'doppel.1'}
                  style={{ borderRadius: 999, transition: 'background-color 200ms ease' }}
                />
              ))}
            </Group>
          </Box>
        )}
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Routes>
            {/* Without a talent draft the current step is the first; the draft query picks it later (spec 4). */}
            <Route index element={<Navigate to={onboardingSteps[0].path} replace />} />
            {onboardingSteps.map((step, i) => (
              <Route key={step.path} path={step.path.slice(1)} element={<OnboardingStepScreen index={i} />} />
            ))}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Paper>
      </Container>
    </Box>
  );
}
