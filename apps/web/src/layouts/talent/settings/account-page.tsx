import { Stack } from '@mantine/core';
import { DeleteMyAccount } from '../../../components/data-rights/delete-my-account.tsx';
import { DownloadMyData } from '../../../components/data-rights/download-my-data.tsx';
import { SettingsHeader } from './settings-page.tsx';

/** /settings/account: the creator's data rights, a copy of their data and deleting the account (docs/safety.md). */
export function AccountPage() {
  return (
    <Stack gap="lg">
      <SettingsHeader
        title="Your data and account"
        description="Get a copy of everything we keep about you, or delete your account."
      />
      <DownloadMyData />
      <DeleteMyAccount isCreator />
    </Stack>
  );
}
