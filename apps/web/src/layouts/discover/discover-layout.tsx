import { Anchor, Box, Center, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useLiveInvalidate } from '../../live/use-live.ts';
import { trpc } from '../../trpc/trpc.ts';
import { reportTwinPath } from '../report/report-path.ts';
import { DiscoverTwinCard, DiscoverTwinSkeleton } from './discover-twin-card.tsx';

/** Cards a phone shows without scrolling: their pictures load at once, the rest lazily. */
const eagerPictures = 2;

/**
 * /discover: the twins an admin put on the discover feed, in order, each with its picture, first
 * words, a sample question and a way into its chat. Public: fans reach it signed in or out. One
 * column on a phone, two or three on wider screens. Follows the admin's changes live.
 */
export function DiscoverLayout() {
  const utils = trpc.useUtils();
  const twins = trpc.discover.list.useQuery();
  useLiveInvalidate(['app'], () => void utils.discover.list.invalidate(), 300);

  let body: ReactNode;
  if (twins.isError) {
    body = <ErrorAlert error={twins.error} onRetry={() => void twins.refetch()} />;
  } else if (twins.isPending) {
    body = (
      <TwinGrid label="Loading twins" busy>
        {[0, 1, 2].map((index) => (
          <DiscoverTwinSkeleton key={index} />
        ))}
      </TwinGrid>
    );
  } else if (twins.data.length === 0) {
    body = (
      <Center py="xl">
        <Text c="dimmed">No twins to discover yet. Come back soon.</Text>
      </Center>
    );
  } else {
    body = (
      <TwinGrid label="Twins">
        {twins.data.map((twin, index) => (
          <DiscoverTwinCard key={twin.id} twin={twin} eager={index < eagerPictures} />
        ))}
      </TwinGrid>
    );
  }

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
          {body}
          <Text size="sm" c="dimmed" ta="center">
            A twin that impersonates someone or says something harmful?{' '}
            <Anchor component={Link} to={reportTwinPath()}>
              Report a twin
            </Anchor>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function TwinGrid({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" aria-label={label} aria-busy={busy || undefined}>
      {children}
    </SimpleGrid>
  );
}
