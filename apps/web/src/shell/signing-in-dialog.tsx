import { Group, Loader, Modal, Text } from '@mantine/core';

/** "Signing you in…" while a magic link is being checked (sign-in-link-handler.tsx). */
export function SigningInDialog({ opened }: { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={() => undefined} withCloseButton={false} centered size="xs" radius="lg">
      <Group gap="md" wrap="nowrap" py="xs">
        <Loader size="sm" />
        <Text fw={500}>Signing you in…</Text>
      </Group>
    </Modal>
  );
}
