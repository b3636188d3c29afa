import { Avatar, Box, Card, Center, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { useLiveInvalidate } from '../../live/use-live.ts';
import { pictureSrc } from '../../media/media-url.ts';
import { trpc } from '../../trpc/trpc.ts';

/**
 * /discover: the twins an admin put on the discover feed, in order, each opening its chat. Public:
 * fans reach it signed in or out. Follows the admin's changes live.
 */
export function DiscoverLayout() {
  const utils = trpc.useUtils();
  const twins = trpc.discover.list.useQuery();
  useLiveInvalidate(['app'], () => void utils.discover.list.invalidate(), 300);

  return (
    <Box mih="100dvh">
      <Container size="lg" py="md">
        <BrandLink />
      </Container>
      <Container size="lg" pb="xl" component="main">
        <Stack gap="lg">
          <div>
            <Title order={1}>Discover</Title>
            <Text c="dimmed">Chat with the AI twins of your favourite creators.</Text>
          </div>
          {twins.isError ? (
            <ErrorAlert error={twins.error} onRetry={() => void twins.refetch()} />
          ) : twins.isPending ? (
            <LoadingPanel label="Loading twins…" />
          ) : twins.data.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">No twins to discover yet. Come back soon.</Text>
            </Center>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-label="Twins">
              {twins.data.map((twin) => (
                <Card
                  key={twin.id}
                  component={Link}
                  to={`/chat/${twin.tag}`}
                  withBorder
                  radius="lg"
                  padding="lg"
                  data-testid="discover-twin"
                  style={{ textDecoration: 'none', color: 'inherit' }}
                >
                  <Group wrap="nowrap">
                    <Avatar src={pictureSrc(twin.profilePictureUrl)} name={twin.name} color="initials" size={56} radius="xl" />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={700} truncate>
                        {twin.name}
                      </Text>
                      <Text c="dimmed" size="sm" truncate>
                        @{twin.tag}
                      </Text>
                    </div>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
