import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../components/format-date.ts';
import { RelativeTime } from '../components/relative-time.tsx';

/**
 * A list row's date as a link to its detail: a real link for keyboards and screen readers, while a
 * click anywhere on the row does the same (the click stops here so it opens once). `relative` rows
 * (a record's past, like a payment) read "2 days ago", the full date on hover or long-press and on
 * the detail page; the link stays the keyboard stop, not the date inside it. Others (a schedule)
 * keep the full date.
 */
export function RowDateLink({
  to,
  at,
  testId,
  relative = false,
}: {
  to: string;
  at: string;
  testId: string;
  relative?: boolean;
}) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
    >
      {relative ? <RelativeTime value={at} span inherit focusable={false} /> : <time dateTime={at}>{formatDateTime(at)}</time>}
    </Anchor>
  );
}
