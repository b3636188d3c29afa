import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSearch } from '@tabler/icons-react';
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
