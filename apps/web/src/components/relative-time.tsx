import { Text, type TextProps, Tooltip } from '@mantine/core';
import { formatDateTime, formatRelativeTime } from './format-date.ts';
import { useNow } from './use-now.ts';

/** "2 days ago" in a list, with the full date and time on hover, focus or a long-press. */
export function RelativeTime({ value, ...text }: { value: string } & TextProps) {
  // A minute is the finest step it shows: re-read the clock once a minute.
  const now = useNow(true, 60_000);
  return (
    <Tooltip label={formatDateTime(value)} events={{ hover: true, focus: true, touch: true }} openDelay={300}>
      <Text component="time" dateTime={value} tabIndex={0} {...text}>
        {formatRelativeTime(value, new Date(now))}
      </Text>
    </Tooltip>
  );
}
