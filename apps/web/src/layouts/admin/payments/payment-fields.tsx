import { ActionIcon, Anchor, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';

/** A titled card of label/value rows; a region named by its title. */
export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={8}>{children}</Stack>
    </Paper>
  );
}

/** One label and its value; on a phone a long value wraps under its label. */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" gap={4} align="flex-start" wrap="wrap">
      <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text
        size="sm"
        component="div"
        ta="right"
        data-testid={testId}
        style={{ minWidth: 0, overflowWrap: 'anywhere', marginLeft: 'auto' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** An id in monospace with a copy button ("Copy {label}"), confirmed by "Copied". */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <HoverTooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
            <ActionIcon color={copied ? 'teal' : 'gray'} variant="subtle" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </HoverTooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** A provider id with its "Open in Stripe" link, which opens the card provider's dashboard in a new tab. */
export function StripeValue({ id, href, label, testId }: { id: string; href: string | null; label: string; testId: string }) {
  return (
    <Stack gap={2} align="flex-end">
      <CopyValue value={id} label={label} />
      {href && (
        <Anchor
          href={href}
          target="_blank"
          rel="noreferrer"
          size="sm"
          data-testid={testId}
          style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
        >
          <IconExternalLink size={16} />
          Open in Stripe
        </Anchor>
      )}
    </Stack>
  );
}
