import { type LandingFeatureKey, landingCopy } from '@doppel/validation';
import { Badge, Button, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCoin, IconMessageCircle, IconMicrophone } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageShellHandoff } from '../../shell/page-shell.ts';

// Each feature card's icon; the words are landingCopy's, shared with the first-paint shell.
const featureIcons: Record<LandingFeatureKey, typeof IconCoin> = {
  chat: IconMessageCircle,
  voice: IconMicrophone,
  earn: IconCoin,
};

/** The landing page (docs/product-rules.md#signed-out-screens). */
export function LandingPage() {
  usePageShellHandoff();
  return (
    <Container size="lg" py={{ base: 40, sm: 80 }}>
      <Stack align="center" ta="center" gap="lg" maw={720} mx="auto">
        <Badge variant="light" size="lg" radius="xl">
          {landingCopy.badge}
        </Badge>
        <Title order={1} fz={{ base: 40, sm: 60 }} lh={1.05} lts={-1.5}>
          {landingCopy.heading}{' '}
          <Text span inherit variant="gradient">
            {landingCopy.headingHighlight}
          </Text>
        </Title>
        <Text size="xl" c="dimmed" maw={560}>
          {landingCopy.lead}
        </Text>
        <Button component={Link} to="/sign-in" size="lg" variant="gradient" rightSection={<IconArrowRight size={20} />} mt="sm">
          {landingCopy.cta}
        </Button>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={{ base: 48, sm: 80 }}>
        {landingCopy.features.map((feature) => {
          const Icon = featureIcons[feature.key];
          return (
            <Stack
              key={feature.title}
              gap="xs"
              p="lg"
              bg="var(--mantine-color-doppel-0)"
              style={{ borderRadius: 'var(--mantine-radius-lg)' }}
            >
              <ThemeIcon size={44} radius="md" variant="gradient">
                <Icon size={24} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {feature.title}
              </Text>
              <Text c="dimmed" size="sm">
                {feature.text}
              </Text>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
