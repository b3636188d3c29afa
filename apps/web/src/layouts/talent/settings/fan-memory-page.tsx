import { fanDisplayName, type TalentMemoryFan } from '@doppel/validation';
import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { ListFooter } from '../../../kit/list-footer.tsx';
import { useLive } from '../../../live/use-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { FanMemoryNote } from './fan-memory-note.tsx';
import { SettingsPage } from './settings-page.tsx';

const pageSize = 20;

/** /settings/fan-memory: what the twin remembers about each fan, to correct or delete. */
export function FanMemoryPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.fanMemories.fans.useInfiniteQuery(
    { talentId, limit: pageSize },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const refresh = () => void utils.talent.fanMemories.fans.invalidate({ talentId });
  useFanMemoryLive(talentId, refresh);
  // A refetch re-reads every loaded page, so a fan who moved up may appear twice for a moment.
  const fans = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flatMap((page) =>
      page.items.filter((item) => !seen.has(item.chatId) && seen.add(item.chatId)),
    );
  }, [query.data]);

  return (
    <SettingsPage
      title="Fan memory"
      description="What your twin has learnt about each fan and uses in its replies. Correct a note or delete it. Fans can see and delete their own notes too."
      query={query}
    >
      {() =>
        fans.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" data-testid="fan-memory-empty">
            <Stack align="center" gap="xs" ta="center">
              <IconBrain size={32} color="var(--mantine-color-grape-5)" />
              <Text c="dimmed" size="sm" maw={420}>
                Your twin has not learnt anything about fans yet. As fans tell it their name, pets and likes, it shows here.
              </Text>
            </Stack>
          </Paper>
        ) : (
          <Stack gap="md" aria-busy={query.isFetching}>
            {fans.map((fan) => (
              <FanCard key={fan.chatId} fan={fan} onChanged={refresh} />
            ))}
            <ListFooter query={query} />
          </Stack>
        )
      }
    </SettingsPage>
  );
}

function FanCard({ fan, onChanged }: { fan: TalentMemoryFan; onChanged: () => void }) {
  const label = fanDisplayName(fan.fan);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="creator-fan-memory-fan" aria-label={label}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" color="grape" name={label} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {fan.memories.length === 1 ? '1 note' : `${fan.memories.length} notes`}
            </Text>
          </div>
        </Group>
        {fan.memories.map((memory) => (
          <FanMemoryNote key={memory.id} chatId={fan.chatId} memory={memory} onChanged={onChanged} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Refetches when the twin learns, or anyone edits or deletes, a note (`fan_memories` on the twin's
 * scope). Only those events: the twin's scope also carries every chat message.
 */
function useFanMemoryLive(talentId: string, refresh: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLive([`talent:${talentId}`], (event) => {
    if (event.data.entity !== 'fan_memories' || timer.current) return;
    // One job stores several notes at once: one refetch for the burst.
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh();
    }, 200);
  });
}
