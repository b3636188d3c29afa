import { type AdminBroadcastDetail, broadcastStatusLabels, broadcastSteps, formatCount } from '@doppel/validation';
import { Alert, Anchor, Group, Paper, Progress, SimpleGrid, Stack, Stepper, Text, Title, useMatches } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../components/format-date.ts';
import { notifySuccess } from '../../../components/notify-success.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { DetailLoadState } from '../../../kit/detail-load-state.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { activeStep, broadcastEntities, broadcastPercent, broadcastProgress } from './broadcast-format.ts';
import { BroadcastStatusBadge } from './broadcast-status-badge.tsx';

/**
 * /broadcasts/:broadcastId: the message, twin and push notification, the steps of docs/product-rules.md#broadcasts, counts and
 * times, live while the worker sends; Delete while still scheduled, after a confirm, then the list.
 */
export function BroadcastDetailPage() {
  const { broadcastId = '' } = useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const query = trpc.admin.broadcasts.get.useQuery({ broadcastId });
  useAdminLive(broadcastEntities, () => void utils.admin.broadcasts.get.invalidate({ broadcastId }));
  // Four labelled steps do not fit side by side on a phone: there they run down the card.
  const stepsOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const remove = trpc.admin.broadcasts.delete.useMutation({
    onSuccess: () => {
      notifySuccess('Broadcast deleted.');
      void utils.admin.broadcasts.list.invalidate();
      navigate('/broadcasts');
    },
    onError: (error) => handleError(error),
  });

  if (!query.data) return <DetailLoadState query={query} noun="Broadcast" backTo="/broadcasts" skeletonHeights={[160, 240]} />;
  const broadcast = query.data;
  return (
    <AdminPage>
      <AdminPageHeader
        title="Broadcast"
        backTo="/broadcasts"
        description={
          <Group gap="xs" mt={6} wrap="wrap">
            <BroadcastStatusBadge status={broadcast.status} />
            {broadcast.talent ? (
              <Anchor component={Link} to={`/talents/${encodeURIComponent(broadcast.talent.id)}`} size="sm" fw={600}>
                {broadcast.talent.name}
              </Anchor>
            ) : (
              <Text span size="sm">
                All twins
              </Text>
            )}
            <RecordLink table="broadcasts" id={broadcast.id} />
          </Group>
        }
        actions={
          broadcast.status === 'SCHEDULED' && (
            <ConfirmButton
              color="red"
              variant="light"
              title="Delete broadcast?"
              message="It will not be sent. This cannot be undone."
              confirmLabel="Delete"
              loading={remove.isPending}
              onConfirm={() => remove.mutate({ broadcastId })}
            >
              Delete
            </ConfirmButton>
          )
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        {broadcast.status === 'DELETED' ? (
          <Alert color="gray" variant="light" data-testid="broadcast-deleted">
            Deleted on {broadcast.deletedAt ? formatDateTime(broadcast.deletedAt) : '—'}; it was never sent.
          </Alert>
        ) : (
          <Stepper active={activeStep(broadcast.status)} size="sm" orientation={stepsOrientation} data-testid="broadcast-steps">
            {broadcastSteps.map((step) => (
              <Stepper.Step key={step} label={broadcastStatusLabels[step]} description={stepTime(broadcast, step)} />
            ))}
          </Stepper>
        )}
        <Stack gap={6} mt="md">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Sent
            </Text>
            <Text size="sm" data-testid="broadcast-progress">
              {broadcastProgress(broadcast)}
            </Text>
          </Group>
          <Progress
            value={broadcastPercent(broadcast)}
            aria-label="Sent of scheduled"
            animated={broadcast.status === 'SENDING_MESSAGES'}
          />
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Message
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="broadcast-message">
              {broadcast.message}
            </Text>
            <Title order={4} size="h5" mt="sm">
              Push notification
            </Title>
            {broadcast.pushNotificationHeadline ? (
              <div data-testid="broadcast-push">
                <Text size="sm" fw={600}>
                  {broadcast.pushNotificationHeadline}
                </Text>
                <Text size="sm" c="dimmed">
                  {broadcast.pushNotificationMessage}
                </Text>
              </div>
            ) : (
              <Text size="sm" c="dimmed">
                None
              </Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Stack gap={6}>
            <Title order={3} size="h4" mb={4}>
              Details
            </Title>
            <Fact label="Scheduled for" value={formatDateTime(broadcast.scheduledAt)} testId="broadcast-scheduled-at" />
            <Fact
              label="Messages scheduled"
              value={formatCount(broadcast.scheduledMessageCount)}
              testId="broadcast-scheduled-count"
            />
            <Fact label="Messages sent" value={formatCount(broadcast.sentMessageCount)} testId="broadcast-sent-count" />
            <Fact
              label="Chunks sent"
              value={`${broadcast.sentChunkCount} of ${broadcast.chunkCount}`}
              testId="broadcast-chunks"
            />
            <Fact label="Push notifications sent" value={formatCount(broadcast.pushedCount)} testId="broadcast-pushed" />
            <Fact
              label="Started preparing"
              value={optionalTime(broadcast.startedPreparingAt)}
              testId="broadcast-started-preparing-at"
            />
            <Fact label="Completed" value={optionalTime(broadcast.completedAt)} testId="broadcast-completed-at" />
            {broadcast.deletedAt && (
              <Fact label="Deleted" value={formatDateTime(broadcast.deletedAt)} testId="broadcast-deleted-at" />
            )}
            <Fact label="Created" value={formatDateTime(broadcast.createdAt)} testId="broadcast-created-at" />
            <Fact
              label="Created by"
              value={broadcast.createdBy ? broadcast.createdBy.name || broadcast.createdBy.email || broadcast.createdBy.id : '—'}
              testId="broadcast-created-by"
            />
          </Stack>
        </Paper>
      </SimpleGrid>
      <HistoryCard entity="broadcast" entityId={broadcast.id} />
    </AdminPage>
  );
}

/** When the broadcast reached a step, under the step's label. */
function stepTime(broadcast: AdminBroadcastDetail, step: (typeof broadcastSteps)[number]): string | undefined {
  const at = {
    SCHEDULED: broadcast.scheduledAt,
    PREPARING: broadcast.startedPreparingAt,
    SENDING_MESSAGES: null,
    COMPLETED: broadcast.completedAt,
  }[step];
  return at ? formatDateTime(at) : undefined;
}

function optionalTime(at: string | null): string {
  return at ? formatDateTime(at) : '—';
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
