import { Drawer, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DeleteMyAccount } from '../../components/data-rights/delete-my-account.tsx';
import { DownloadMyData } from '../../components/data-rights/download-my-data.tsx';
import classes from './fan-chat.module.css';

/**
 * "Your data and account" for a signed-in fan, from the chat menu: a copy of their data and
 * deleting the account (docs/safety.md). A bottom sheet on phones, a side panel on wider screens.
 */
export function AccountSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const wide = useMediaQuery('(min-width: 48em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Your data and account"
      position={wide ? 'right' : 'bottom'}
      size={wide ? 'md' : '85dvh'}
      classNames={{ content: wide ? undefined : classes.sheet }}
    >
      {opened && (
        <Stack gap="md">
          <DownloadMyData />
          <DeleteMyAccount isCreator={false} />
        </Stack>
      )}
    </Drawer>
  );
}
