import { ActionIcon, Loader, Menu, Text } from '@mantine/core';
import { IconBell, IconBellOff, IconBrain, IconDotsVertical, IconFlag, IconUserCog } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DeferredMenu } from '../../kit/deferred-menu.tsx';
import type { PushNotifications } from '../../push/use-push-notifications.ts';
import { reportTwinPath } from '../report/report-path.ts';
import { ReachOutsItem } from './reach-outs-item.tsx';

/** The toggle's words and icon for each state (none while push is unsupported: no menu at all). */
function pushItem(push: PushNotifications) {
  if (push.state === 'checking') return { label: 'Checking notifications…', icon: <Loader size={14} />, onClick: undefined };
  if (push.state === 'on') {
    return push.busy
      ? { label: 'Turning off notifications…', icon: <Loader size={14} />, onClick: undefined }
      : { label: 'Turn off notifications', icon: <IconBellOff size={16} />, onClick: push.turnOff };
  }
  return push.busy
    ? { label: 'Turning on notifications…', icon: <Loader size={14} />, onClick: undefined }
    : { label: 'Turn on notifications', icon: <IconBell size={16} />, onClick: push.turnOn };
}

/**
 * The chat header's menu: what the twin remembers about the fan, notifications for the twin's
 * broadcasts (signed-in fans, in browsers with Web Push), the signed-in fan's data and account, and
 * reporting the twin (docs/safety.md).
 */
export function ChatMenu({
  push,
  chatId,
  twinName,
  twinTag,
  onShowMemory,
  onShowAccount,
}: {
  push: PushNotifications;
  /** The open chat: its reach-out switch. */
  chatId: string;
  twinName: string;
  twinTag: string;
  onShowMemory: () => void;
  /** Signed-in fans only: anonymous fans have no account to export or delete. */
  onShowAccount?: () => void;
}) {
  const item = push.state === 'unsupported' ? null : pushItem(push);
  return (
    <DeferredMenu
      position="bottom-end"
      width={250}
      shadow="md"
      target={
        <ActionIcon variant="subtle" color="gray" size={36} radius="xl" aria-label="Chat options" style={{ flex: 'none' }}>
          <IconDotsVertical size={20} />
        </ActionIcon>
      }
    >
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconBrain size={16} />} onClick={onShowMemory}>
          What {twinName} remembers about you
        </Menu.Item>
        {item && (
          <Menu.Item leftSection={item.icon} onClick={item.onClick} disabled={!item.onClick}>
            {item.label}
          </Menu.Item>
        )}
        <ReachOutsItem chatId={chatId} twinName={twinName} />
        {onShowAccount && (
          <Menu.Item leftSection={<IconUserCog size={16} />} onClick={onShowAccount}>
            Your data and account
          </Menu.Item>
        )}
        {push.state === 'blocked' && (
          <Text fz="xs" c="dimmed" px="sm" pb={6}>
            Blocked in this browser's settings: allow notifications for this site there first.
          </Text>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to={reportTwinPath(twinTag)} leftSection={<IconFlag size={16} />} color="red">
          Report this twin
        </Menu.Item>
      </Menu.Dropdown>
    </DeferredMenu>
  );
}
