import { Badge, Group, Text } from '@mantine/core';
import { FormCard } from '../../../kit/form-card.tsx';
import { trpc } from '../../../trpc/trpc.ts';

const levelLabels = { SAFE: 'Safe', SUGGESTIVE: 'Suggestive', ADULT: 'Adult' } as const;

/** The creator's boundaries, read-only: the creator sets them in their own settings. */
export function BoundariesSection({ talentId }: { talentId: string }) {
  const settings = trpc.admin.boundaries.settings.useQuery({ talentId });
  const flags = trpc.admin.boundaries.flags.useQuery({ talentId, limit: 1 });
  if (!settings.data) return null;
  const { blockedTopics, contentLevel } = settings.data;
  return (
    <FormCard title="Boundaries" description="Set by the creator: topics the twin declines and its content level.">
      <Group gap="xs" data-testid="admin-talent-boundaries">
        <Text size="sm" fw={600}>
          Content level:
        </Text>
        <Badge variant="light">{levelLabels[contentLevel]}</Badge>
        <Text size="sm" fw={600} ml="md">
          Flagged messages:
        </Text>
        <Badge variant="light" color={flags.data?.total ? 'red' : 'gray'}>
          {flags.data?.total ?? 0}
        </Badge>
      </Group>
      <Group gap={6} mt="sm">
        {blockedTopics.length === 0 ? (
          <Text size="sm" c="dimmed">
            No blocked topics.
          </Text>
        ) : (
          blockedTopics.map((topic) => (
            <Badge key={topic} variant="outline" color="gray">
              {topic}
            </Badge>
          ))
        )}
      </Group>
    </FormCard>
  );
}
