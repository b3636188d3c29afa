import { formatCount, type ReachOutTriggerView, reachOutAudienceLabels, reachOutKindLabels } from '@doppel/validation';
import { Alert, Badge, Card, Flex, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { formatDateTime } from '../../../../components/format-date.ts';
import { useAdminLive } from '../../../../kit/use-admin-live.ts';
import { trpc } from '../../../../trpc/trpc.ts';
import { reachOutTabEntities } from './tab-format.ts';

/** The talent detail's Reach out tab: each trigger as the creator set it, with what it brought (docs/reach-out.md). Read-only. */
export function TalentReachOutTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.talents.reachOut.useQuery({ talentId });
  useAdminLive(reachOutTabEntities, () => void utils.admin.talents.reachOut.invalidate({ talentId }));

  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="sm" role="status" aria-label="Loading reach-outs">
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  return (
    <Stack gap="sm">
      {query.data.approvalHolds && (
        <Alert color="yellow" variant="light">
          Reply approval is on for this twin: its reach-outs wait for the creator's approval.
        </Alert>
      )}
      {query.data.triggers.map((trigger) => (
        <TriggerCard key={trigger.kind} trigger={trigger} />
      ))}
    </Stack>
  );
}

/** The trigger's own settings in a line, where it has any. */
function triggerSummary(trigger: ReachOutTriggerView): string | null {
  if (trigger.kind === 'CHECK_IN') {
    return `After ${formatCount(trigger.minMessages)} messages and ${formatCount(trigger.quietDays)} quiet days`;
  }
  if (trigger.kind === 'CUSTOM_DATE' && trigger.sendAt) {
    return `On ${formatDateTime(trigger.sendAt)} · ${reachOutAudienceLabels[trigger.audience]}`;
  }
  return null;
}

function TriggerCard({ trigger }: { trigger: ReachOutTriggerView }) {
  const label = reachOutKindLabels[trigger.kind];
  const counts = [
    { label: 'Sent', value: trigger.stats.sent },
    { label: 'Replied', value: trigger.stats.replied },
    { label: 'Purchases within 7 days', value: trigger.stats.purchases },
  ];
  return (
    <Card withBorder padding="sm" radius="md" data-testid={`admin-reach-out-${trigger.kind}`}>
      <Stack gap="xs">
        <Flex justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{label.title}</Text>
            <Text size="xs" c="dimmed">
              {triggerSummary(trigger) ?? label.description}
            </Text>
          </Stack>
          <Badge color={trigger.enabled ? 'teal' : 'gray'} variant="light" style={{ flex: 'none' }}>
            {trigger.enabled ? 'On' : 'Off'}
          </Badge>
        </Flex>
        {trigger.instruction && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            “{trigger.instruction}”
          </Text>
        )}
        <SimpleGrid cols={3} spacing="xs">
          {counts.map((count) => (
            <Stack key={count.label} gap={0}>
              <Text fw={600} data-testid={`admin-reach-out-${count.label.split(' ')[0]?.toLowerCase()}`}>
                {formatCount(count.value)}
              </Text>
              <Text size="xs" c="dimmed">
                {count.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
