import { Center, Loader, Stack, Text } from '@mantine/core';

/** The loading state of a screen or of the whole shell (docs/product-rules.md#errors-and-success-messages: loading shows a progress panel). */
export function LoadingPanel({ label = 'Loading…', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} p="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader type="dots" size="lg" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
