import { ActionIcon, CopyButton, Group, Paper, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { HoverTooltip } from '../../kit/hover-tooltip.tsx';

/** docs/product-rules.md#constants-and-limits: the "copied" confirmation shows for 2 seconds. */
export const copiedTimeoutMs = 2_000;

/** A link the creator shares, with a copy button that confirms "Copied" for two seconds. */
export function CopyField({ value, label }: { value: string; label: string }) {
  return (
    <Paper withBorder radius="md" px="sm" py={6} bg="var(--mantine-color-gray-0)">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" truncate="end" ff="monospace" aria-label={label} data-testid="copy-value">
          {value}
        </Text>
        <CopyButton value={value} timeout={copiedTimeoutMs}>
          {({ copied, copy }) => (
            <Group gap={4} wrap="nowrap">
              {copied && (
                <Text size="xs" c="teal" fw={600} role="status">
                  Copied
                </Text>
              )}
              <HoverTooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
                <ActionIcon
                  color={copied ? 'teal' : 'gray'}
                  variant="subtle"
                  onClick={copy}
                  aria-label={`Copy ${label.toLowerCase()}`}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </HoverTooltip>
            </Group>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}
