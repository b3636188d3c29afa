import { Box, Group, Skeleton, Stack } from '@mantine/core';

// What the creator's and the admin's pages show while their code is on the way (issue 33): the
// shape of the dashboard instead of a spinner, so the page that then paints fills the same places.

/** A page's title, its line of description and a few blocks of content. */
export function PageSkeleton({ label = 'Loading page' }: { label?: string }) {
  return (
    <Stack gap="md" role="status" aria-label={label} aria-busy>
      <Stack gap={8}>
        <Skeleton height={28} width="40%" radius="sm" />
        <Skeleton height={14} width="70%" radius="sm" />
      </Stack>
      <Skeleton height={120} radius="lg" />
      <Skeleton height={72} radius="md" />
      <Skeleton height={72} radius="md" />
    </Stack>
  );
}

/** The whole dashboard: the header bar, then the page's skeleton (while the layout's chunk loads). */
export function DashboardSkeleton() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Group h={60} px="md" justify="space-between" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Skeleton height={28} circle />
        <Skeleton height={20} width={96} radius="sm" />
        <Skeleton height={28} circle />
      </Group>
      <Box maw={960} mx="auto" px="md" py="md">
        <PageSkeleton label="Loading dashboard" />
      </Box>
    </Box>
  );
}
