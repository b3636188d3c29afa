import { Alert, Anchor, Badge, Button, Card, Container, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconInbox, IconLink, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { trpc } from '../../trpc/trpc.ts';
import { DatabaseState } from './database-state.tsx';

/**
 * The development outbox (the admin menu's "Emulator", docs/product-rules.md#admin-back-office): emails the server would have sent, with their
 * sign-in links, for servers without SMTP, and the database's state. Works signed in or out.
 */
export function DevOutboxLayout() {
  const system = trpc.system.info.useQuery(undefined, { staleTime: 5 * 60_000 });
  const enabled = system.data?.devOutbox === true;
  const outbox = trpc.dev.outbox.useQuery(undefined, { enabled, staleTime: 0, refetchOnWindowFocus: true });

  return (
    <Container size="md" py="md">
      <Group justify="space-between" mb="xl">
        <BrandLink />
        <Button component={Link} to="/" variant="default">
          Back to the app
        </Button>
      </Group>
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Title order={2}>Development outbox</Title>
          <Text c="dimmed" size="sm">
            Emails this server would have sent, newest first.
          </Text>
        </div>
        {enabled && (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching}
          >
            Refresh
          </Button>
        )}
      </Group>
      {enabled && <DatabaseState />}
      {system.isPending ? (
        <LoadingPanel />
      ) : system.isError ? (
        <ErrorAlert error={system.error} onRetry={() => void system.refetch()} />
      ) : !enabled ? (
        <Alert variant="light" color="gray" title="The outbox is off">
          This server sends real emails, so there is no development outbox.
        </Alert>
      ) : outbox.isPending ? (
        <LoadingPanel />
      ) : outbox.isError ? (
        <ErrorAlert error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.length === 0 ? (
        <Stack align="center" py={60} gap="xs" c="dimmed">
          <IconInbox size={40} />
          <Text>No emails yet. Request a sign-in link and it appears here.</Text>
        </Stack>
      ) : (
        <Stack gap="md" data-testid="outbox-list">
          {outbox.data.map((email) => (
            <Card key={email.id} padding="lg" data-testid="outbox-email" data-to={email.to}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={600}>{email.subject}</Text>
                  <Text size="sm" c="dimmed">
                    To {email.to}
                  </Text>
                </div>
                <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                  {formatDateTime(email.createdAt)}
                </Badge>
              </Group>
              <Spoiler maxHeight={72} showLabel="Show more" hideLabel="Show less" mt="sm">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {email.text}
                </Text>
              </Spoiler>
              {email.link && (
                <Anchor
                  href={email.link}
                  mt="sm"
                  fw={600}
                  size="sm"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
                >
                  <IconLink size={16} />
                  Open sign-in link
                </Anchor>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
