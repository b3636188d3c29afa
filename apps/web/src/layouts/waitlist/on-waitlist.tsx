import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandInstagram, IconBrandTiktok, IconBrandX, IconHeartHandshake, IconLogout } from '@tabler/icons-react';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { externalLinks } from '../../config/links.ts';

const socials = [
  { label: 'Instagram', href: externalLinks.instagram, icon: IconBrandInstagram },
  { label: 'TikTok', href: externalLinks.tiktok, icon: IconBrandTiktok },
  { label: 'X', href: externalLinks.x, icon: IconBrandX },
];

/** The thank-you screen for PENDING and REJECTED applications (docs/product-rules.md#waitlist). */
export function OnWaitlist() {
  const { signOut, pending } = useSignOut();
  return (
    <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="gradient">
          <IconHeartHandshake size={34} />
        </ThemeIcon>
        <Title order={2}>You are on the waitlist</Title>
        <Text c="dimmed">Thank you for applying. We will email you as soon as your spot opens. Meanwhile, follow us:</Text>
        <Group gap="xs" justify="center">
          {socials.map((social) => (
            <Button
              key={social.label}
              component="a"
              href={social.href}
              target="_blank"
              rel="noreferrer"
              variant="light"
              leftSection={<social.icon size={18} />}
            >
              {social.label}
            </Button>
          ))}
        </Group>
        <Button variant="subtle" color="gray" leftSection={<IconLogout size={16} />} onClick={signOut} loading={pending}>
          Sign out
        </Button>
      </Stack>
    </Paper>
  );
}
