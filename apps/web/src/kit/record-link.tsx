import type { AdminRecordTable } from '@doppel/validation';
import { Anchor } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** "Database record": the stored row behind a detail screen, read-only (docs/product-rules.md#admin-back-office). */
export function RecordLink({ table, id, label = 'Database record' }: { table: AdminRecordTable; id: string; label?: string }) {
  return (
    <Anchor
      component={Link}
      to={`/records/${table}/${encodeURIComponent(id)}`}
      size="sm"
      style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
    >
      <IconDatabase size={16} />
      {label}
    </Anchor>
  );
}
