import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../components/format-date.ts';

/**
 * A list row's date as a link to its detail: a real link for keyboards and screen readers, while a
 * click anywhere on the row does the same (the click stops here so it opens once).
 */
export function RowDateLink({ to, at, testId }: { to: string; at: string; testId: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
    >
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Anchor>
  );
}
