import { Affix, Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLiveInvalidate } from '../live/use-live.ts';
import { trpc } from '../trpc/trpc.ts';
import { appVersion } from './app-version.ts';
import { isBelowMinimum } from './compare-versions.ts';

/** Seconds before an outdated app reloads itself (docs/product-rules.md#constants-and-limits). */
export const reloadCountdownSeconds = 60;

const reloadPage = () => window.location.reload();

/**
 * The app version gate of docs/product-rules.md#app-version-gate. Watches the public 'app' scope, so raising the minimum version
 * reaches every open app within moments, not at its next page load.
 */
export function VersionBanner() {
  const utils = trpc.useUtils();
  const info = trpc.system.info.useQuery(undefined, { staleTime: 5 * 60_000 });
  useLiveInvalidate(['app'], () => void utils.system.info.invalidate());

  if (!info.data || !isBelowMinimum(appVersion, info.data.minTalentVersion)) return null;
  return <UpdateBanner />;
}

function UpdateBanner() {
  const [secondsLeft, setSecondsLeft] = useState(reloadCountdownSeconds);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((seconds) => Math.max(seconds - 1, 0)), 1_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) reloadPage();
  }, [secondsLeft]);

  return (
    <Affix position={{ top: 12, left: 12, right: 12 }} zIndex={400}>
      <Paper
        shadow="lg"
        p="sm"
        maw={640}
        mx="auto"
        bg="doppel.7"
        c="white"
        role="alert"
        aria-label="New version available"
        data-testid="version-banner"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="white" radius="xl" size="lg">
              <IconSparkles size={20} />
            </ThemeIcon>
            <div>
              <Text fw={600} size="sm">
                Great news! A new version of our app is now available.
              </Text>
              <Text size="xs" c="doppel.1" data-testid="version-countdown">
                Reloading in {secondsLeft} s
              </Text>
            </div>
          </Group>
          <Button variant="white" size="xs" onClick={reloadPage}>
            Reload
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
