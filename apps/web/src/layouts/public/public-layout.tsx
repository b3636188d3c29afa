import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { legalPaths } from '../../config/links.ts';
import { LandingPage } from './landing-page.tsx';
import { SignInPage } from './sign-in-page.tsx';

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
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Box>
      <LegalFooter />
    </Box>
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
