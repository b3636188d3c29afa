import { Badge, Card, Group, Text } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';

type Health = {
  status: 'ok' | 'degraded';
  version: string;
  /** When down, only the id the server logged the failure under. */
  database: { status: 'up' | 'down'; latencyMs?: number; migrations?: number; errorId?: string };
};

/** The emulator's database state (docs/product-rules.md#admin-back-office "Emulator"): the app's /health, refreshed every 5 s. */
export function DatabaseState() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async (): Promise<Health> => (await fetch('/health')).json() as Promise<Health>,
    refetchInterval: 5_000,
  });
  const database = health.data?.database;
  return (
    <Card padding="md" mb="lg" withBorder data-testid="database-state">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconDatabase size={22} />
          <div>
            <Text fw={600}>Database</Text>
            <Text size="sm" c="dimmed">
              {health.isError
                ? 'The server did not answer.'
                : !database
                  ? 'Checking…'
                  : database.status === 'up'
                    ? `${database.migrations} migrations applied, answered in ${database.latencyMs} ms · app ${health.data?.version}`
                    : `Unreachable${database.errorId ? ` (error id ${database.errorId})` : ''}`}
            </Text>
          </div>
        </Group>
        <Badge color={database?.status === 'up' ? 'teal' : health.isPending ? 'gray' : 'red'} variant="light">
          {database?.status ?? (health.isError ? 'down' : '…')}
        </Badge>
      </Group>
    </Card>
  );
}
