import type { AdminChatFlagsView } from '@doppel/validation';
import { Badge, Group, Text } from '@mantine/core';
import { chatFlagBadges } from './chat-format.ts';

/** The chat's flags as badges; "No interaction" for a chat nobody wrote in. */
export function ChatFlagBadges({ flags, size = 'sm' }: { flags: AdminChatFlagsView; size?: 'xs' | 'sm' }) {
  const badges = chatFlagBadges(flags);
  if (badges.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No interaction
      </Text>
    );
  }
  return (
    <Group gap={4} data-testid="chat-flags">
      {badges.map((badge) => (
        <Badge key={badge.flag} size={size} variant="light" color={badge.color} data-flag={badge.flag}>
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}
