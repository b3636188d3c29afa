import { Loader, Menu } from '@mantine/core';
import { IconMessageCircleOff, IconMessageCirclePlus } from '@tabler/icons-react';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The chat menu's one-tap switch for the twin writing to the fan unasked (docs/reach-out.md), kept
 * on the server with the browser's time zone for quiet hours. Asked only once the menu is open.
 */
export function ReachOutsItem({ chatId, twinName }: { chatId: string; twinName: string }) {
  const utils = trpc.useUtils();
  const status = trpc.chat.reachOuts.get.useQuery({ chatId });
  const set = trpc.chat.reachOuts.set.useMutation({
    onSuccess: (result) => utils.chat.reachOuts.get.setData({ chatId }, result),
  });
  if (status.isPending || set.isPending) {
    return (
      <Menu.Item leftSection={<Loader size={14} />} disabled closeMenuOnClick={false}>
        {set.isPending ? 'Saving…' : 'Checking messages from the twin…'}
      </Menu.Item>
    );
  }
  if (status.isError) {
    return (
      <Menu.Item leftSection={<IconMessageCircleOff size={16} />} disabled>
        Could not check messages from {twinName}
      </Menu.Item>
    );
  }
  const enabled = status.data.enabled;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Menu.Item
      leftSection={enabled ? <IconMessageCircleOff size={16} /> : <IconMessageCirclePlus size={16} />}
      onClick={() => set.mutate({ chatId, enabled: !enabled, ...(timeZone ? { timeZone } : {}) })}
    >
      {enabled ? `Stop messages ${twinName} starts` : `Let ${twinName} message you first`}
    </Menu.Item>
  );
}
