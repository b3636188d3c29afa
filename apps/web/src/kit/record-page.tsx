import { type AdminRecordTable, adminRecordTables } from '@doppel/validation';
import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../components/error-alert.tsx';
import { LoadingPanel } from '../components/loading-panel.tsx';
import { trpc } from '../trpc/trpc.ts';

const isTable = (value: string | undefined): value is AdminRecordTable =>
  value !== undefined && (adminRecordTables as readonly string[]).includes(value);

/** /records/{table}/{id}: one stored row as JSON, read-only, with a copy button. */
export function RecordPage() {
  const { table = '', id = '' } = useParams();
  const navigate = useNavigate();
  const query = trpc.admin.records.get.useQuery(
    { table: table as AdminRecordTable, id },
    { enabled: isTable(table) && id !== '' },
  );
  const json = query.data ? JSON.stringify(query.data.record, null, 2) : '';

  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p="lg" shadow="xs">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
              Back
            </Button>
            <div>
              <Title order={2}>Database record</Title>
              <Text c="dimmed" size="sm">
                {table} / {id}
              </Text>
            </div>
          </Group>
          {query.data && (
            <CopyButton value={json}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy JSON'}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
      </Paper>
      {!isTable(table) ? (
        <ErrorAlert error={new Error('This table cannot be opened as a record')} />
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingPanel label="Loading the record…" />
      ) : (
        <Code block data-testid="database-record" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {json}
        </Code>
      )}
    </Stack>
  );
}
