import { Card, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { CopyField } from './copy-field.tsx';
import { SettingsHeader } from './settings/settings-page.tsx';
import { useTalentSettings } from './settings/use-talent-settings.ts';

/** /referrals: "Invite and Earn" with the twin's referral link (docs/product-rules.md#creator-dashboard). */
export function ReferralsPage() {
  const talent = useTalentSettings();
  return (
    <Stack gap="lg">
      <SettingsHeader
        title="Invite and Earn"
        description="Invite other creators to build their AI twin and earn a share of their earnings."
      />
      {talent.isError ? (
        <ErrorAlert error={talent.error} onRetry={() => void talent.refetch()} />
      ) : !talent.data ? (
        <LoadingPanel />
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconGift size={26} />
            </ThemeIcon>
            <Text fw={700}>Your referral link</Text>
            <CopyField value={talent.data.referralUrl} label="Referral link" />
            <List size="sm" c="dimmed" spacing={4}>
              <List.Item>Share the link with creators you know.</List.Item>
              <List.Item>They skip the waitlist and set up their twin.</List.Item>
              <List.Item>You earn a share of what their twin makes.</List.Item>
            </List>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
