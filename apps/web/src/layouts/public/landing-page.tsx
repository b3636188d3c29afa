import { Badge, Button, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCoin, IconMessageCircle, IconMicrophone } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageShellHandoff } from '../../shell/page-shell.ts';

const features = [
  {
    icon: IconMessageCircle,
    title: 'Chats like you',
    text: 'Your twin learns your tone, your interests and your facts, and talks with fans around the clock.',
  },
  {
    icon: IconMicrophone,
    title: 'Speaks in your voice',
    text: 'Fans unlock voice notes and photos you choose, so every conversation feels personal.',
  },
  {
    icon: IconCoin,
    title: 'Earn while you sleep',
    text: 'Fans pay credits per message and unlock. You keep 60 percent, paid out from 20 USD.',
  },
];

/** The landing page (docs/product-rules.md#signed-out-screens). */
export function LandingPage() {
  usePageShellHandoff();
  return (
    <Container size="lg" py={{ base: 40, sm: 80 }}>
      <Stack align="center" ta="center" gap="lg" maw={720} mx="auto">
        <Badge variant="light" size="lg" radius="xl">
          AI digital twins for creators
        </Badge>
        <Title order={1} fz={{ base: 40, sm: 60 }} lh={1.05} lts={-1.5}>
          Create your digital twin{' '}
          <Text span inherit variant="gradient">
            in minutes
          </Text>
        </Title>
        <Text size="xl" c="dimmed" maw={560}>
          An AI version of you that chats with your fans by text and in your voice, and earns for you while you create.
        </Text>
        <Button component={Link} to="/sign-in" size="lg" variant="gradient" rightSection={<IconArrowRight size={20} />} mt="sm">
          Let's get started
        </Button>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={{ base: 48, sm: 80 }}>
        {features.map((feature) => (
          <Stack
            key={feature.title}
            gap="xs"
            p="lg"
            bg="var(--mantine-color-doppel-0)"
            style={{ borderRadius: 'var(--mantine-radius-lg)' }}
          >
            <ThemeIcon size={44} radius="md" variant="gradient">
              <feature.icon size={24} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {feature.title}
            </Text>
            <Text c="dimmed" size="sm">
              {feature.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
