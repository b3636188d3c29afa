import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEyeOff, IconMoodSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BrandMark } from '../../components/brand.tsx';

/** A link to a twin that does not exist (a typo, or a twin that is gone). */
export function ChatNotFound({ tag }: { tag: string }) {
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" gap="md" ta="center" maw={380}>
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconMoodSearch size={40} />
        </ThemeIcon>
        <Title order={2}>We couldn’t find this twin</Title>
        <Text c="dimmed">
          There is no AI twin called <b>@{tag}</b>. Check the link you were given, or ask the creator for theirs.
        </Text>
        <Button component={Link} to="/" variant="light" leftSection={<BrandMark size={20} />}>
          Go to Doppel
        </Button>
      </Stack>
    </Center>
  );
}

/** A twin fans cannot reach right now (hidden while a report about it is reviewed); `message` says why. */
export function ChatUnavailable({ message }: { message: string }) {
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" gap="md" ta="center" maw={380} data-testid="chat-unavailable">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray">
          <IconEyeOff size={40} />
        </ThemeIcon>
        <Title order={2}>This twin is unavailable</Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to="/discover" variant="light" leftSection={<BrandMark size={20} />}>
          Discover other twins
        </Button>
      </Stack>
    </Center>
  );
}
