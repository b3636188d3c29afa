import { Avatar, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useSignOut } from '../auth/use-sign-out.ts';
import { DeferredMenu } from '../kit/deferred-menu.tsx';
import { BrandLink } from './brand.tsx';

/** Top bar for the waitlist and onboarding screens: the logo and the account with Sign out. */
export function AccountHeader({ name, email }: { name: string; email: string | null }) {
  const { signOut, pending } = useSignOut();
  return (
    <Container size="md" w="100%" py="md">
      <Group justify="space-between">
        <BrandLink />
        <DeferredMenu
          position="bottom-end"
          width={220}
          shadow="md"
          target={
            <UnstyledButton aria-label="Account">
              <Group gap={6} wrap="nowrap">
                <Avatar name={name} color="initials" size={32} />
                <IconChevronDown size={16} />
              </Group>
            </UnstyledButton>
          }
        >
          <Menu.Dropdown>
            <Menu.Label>
              <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
                {name}
              </Text>
              {email && (
                <Text size="xs" truncate>
                  {email}
                </Text>
              )}
            </Menu.Label>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={signOut} disabled={pending}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </DeferredMenu>
      </Group>
    </Container>
  );
}
