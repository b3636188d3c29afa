import type { AdminPayoutDetail } from '@doppel/validation';
import { Paper, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime } from '../../../components/format-date.ts';
import { actorLabel, timelineColor, timelineEffect, timelineTitle } from './payout-format.ts';

/**
 * "Timeline": every status change of the payout, oldest first, as the talent ledger recorded it:
 * when, who (or "System"), the reason given, and what it did to the talent's money.
 */
export function PayoutTimeline({ payout }: { payout: AdminPayoutDetail }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Timeline">
      <Title order={3} size="h4" mb="sm">
        Timeline
      </Title>
      {payout.timeline.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="payout-timeline-empty">
          No status change recorded yet.
        </Text>
      ) : (
        <Timeline active={payout.timeline.length - 1} bulletSize={16} lineWidth={2} data-testid="payout-timeline">
          {payout.timeline.map((entry) => (
            <Timeline.Item
              key={entry.id}
              color={timelineColor(entry)}
              title={<span data-testid="payout-timeline-title">{timelineTitle(entry)}</span>}
              data-testid="payout-timeline-entry"
              data-status={entry.status}
            >
              <Text size="xs" c="dimmed">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {' · '}
                <span data-testid="payout-timeline-actor">{actorLabel(entry.actor)}</span>
              </Text>
              {entry.reason && (
                <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }} data-testid="payout-timeline-reason">
                  {entry.reason}
                </Text>
              )}
              <Text size="sm" mt={2} data-testid="payout-timeline-effect">
                {timelineEffect(entry, payout.currency)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
