import { Anchor, Box, Button, Center, Container, Group, Skeleton, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { legalPaths } from '../../config/links.ts';
import { preloadable } from '../../shell/preloadable.ts';
import { LandingPage } from './landing-page.tsx';

// The sign-in form (its schema, zod and the inputs) is a chunk of its own: the landing page, which
// most visitors open, does not load it. The entry preloads it for an address at /sign-in.
const signInPage = preloadable(() => import('./sign-in-page.tsx').then((module) => module.SignInPage));
export const loadSignInPage = signInPage.load;

/** Signed-out visitors: the landing page and sign-in (docs/product-rules.md#signed-out-screens); any other path goes home. */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size="lg" w="100%" py="md">
        <Group justify="space-between">
          <BrandLink />
          {pathname !== '/sign-in' && (
            <Button component={Link} to="/sign-in" variant="default">
              Sign in
            </Button>
          )}
        </Group>
      </Container>
      <Box component="main" style={{ flex: 1 }}>
        <Routes>
          <Route index element={<LandingPage />} />
          <Route
            path="sign-in"
            element={
              <Suspense fallback={<SignInSkeleton />}>
                <signInPage.Component />
              </Suspense>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Box>
      <LegalFooter />
    </Box>
  );
}

/** The sign-in card's place while its chunk arrives (a visitor's tap on Sign in). */
function SignInSkeleton() {
  return (
    <Center px="md" py="xl" role="status" aria-label="Loading sign-in">
      <Skeleton height={360} width={420} maw="100%" radius="lg" />
    </Center>
  );
}

function LegalFooter() {
  return (
    <Container size="lg" w="100%" py="lg">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Doppel
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={legalPaths.terms} size="xs" c="dimmed">
            Terms
          </Anchor>
          <Anchor component={Link} to={legalPaths.privacy} size="xs" c="dimmed">
            Privacy
          </Anchor>
          <Anchor component={Link} to={legalPaths.cookies} size="xs" c="dimmed">
            Cookies
          </Anchor>
        </Group>
      </Group>
    </Container>
  );
}
