import { Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconBooks,
  IconBrain,
  IconBrandTelegram,
  IconChevronRight,
  IconCoin,
  IconDatabase,
  IconMessageCheck,
  IconMessageCircle,
  IconMessageQuestion,
  IconMicrophone,
  IconPhoto,
  IconSend,
  IconShieldCheck,
  IconUserCircle,
  IconWorldWww,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SettingsHeader } from './settings-page.tsx';

/** The settings pages of docs/product-rules.md#settings-pages, in their order, then the data rights (docs/safety.md). */
export const settingsPages: Array<{ path: string; label: string; description: string; icon: ReactNode }> = [
  {
    path: '/settings/profile',
    label: 'Profile',
    description: 'Photo, name, personality and facts',
    icon: <IconUserCircle size={20} />,
  },
  { path: '/settings/gallery', label: 'Gallery', description: 'Images your twin can send', icon: <IconPhoto size={20} /> },
  {
    path: '/settings/knowledge',
    label: 'Knowledge',
    description: 'Files, texts and web pages your twin answers from',
    icon: <IconBooks size={20} />,
  },
  { path: '/settings/voice', label: 'Voice', description: 'How your twin sounds', icon: <IconMicrophone size={20} /> },
  {
    path: '/settings/welcome-messages',
    label: 'Welcome messages',
    description: 'What fans read first',
    icon: <IconMessageCircle size={20} />,
  },
  {
    path: '/settings/conversation-starters',
    label: 'Conversation starters',
    description: 'Questions fans can tap',
    icon: <IconMessageQuestion size={20} />,
  },
  { path: '/settings/monetisation', label: 'Monetisation', description: 'Prices in credits', icon: <IconCoin size={20} /> },
  {
    path: '/settings/boundaries',
    label: 'Boundaries',
    description: 'Topics your twin avoids, content level',
    icon: <IconShieldCheck size={20} />,
  },
  {
    path: '/settings/fan-memory',
    label: 'Fan memory',
    description: 'What your twin remembers about fans',
    icon: <IconBrain size={20} />,
  },
  {
    path: '/settings/embed',
    label: 'Your website',
    description: 'Put your twin’s chat on your own site',
    icon: <IconWorldWww size={20} />,
  },
  {
    path: '/settings/telegram',
    label: 'Telegram',
    description: 'Fans chat with your twin in Telegram',
    icon: <IconBrandTelegram size={20} />,
  },
  {
    path: '/settings/approval',
    label: 'Reply approval',
    description: 'Approve your twin’s replies before fans read them',
    icon: <IconMessageCheck size={20} />,
  },
  {
    path: '/settings/reach-out',
    label: 'Reach out',
    description: 'Your twin writes to fans when something happens',
    icon: <IconSend size={20} />,
  },
  {
    path: '/settings/account',
    label: 'Your data and account',
    description: 'Download your data or delete your account',
    icon: <IconDatabase size={20} />,
  },
];

/** /settings: the menu to every settings page. */
export function SettingsMenu() {
  return (
    <Stack gap="lg">
      <SettingsHeader title="Settings" description="Shape how your AI twin looks, sounds and earns." />
      <Paper withBorder radius="lg">
        <Stack gap={0}>
          {settingsPages.map((page, index) => (
            <UnstyledButton
              key={page.path}
              component={Link}
              to={page.path}
              p="md"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
            >
              <Group wrap="nowrap" gap="md">
                <ThemeIcon variant="light" radius="xl" size="lg">
                  {page.icon}
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>{page.label}</Text>
                  <Text size="xs" c="dimmed" truncate>
                    {page.description}
                  </Text>
                </div>
                <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
