import type { Me } from '@doppel/validation';
import { Divider, NavLink, Stack } from '@mantine/core';
import { IconDeviceMobile, IconLogout, IconMailbox } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { storageKeys, writeStored } from '../../storage/stored-value.ts';
import { trpc } from '../../trpc/trpc.ts';
import { adminSections } from './sections.tsx';

/** The admin menu in the order of docs/product-rules.md#admin-back-office: the sections, then Talent UI, Emulator (development) and Logout. */
export function AdminNav({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut, pending } = useSignOut();
  const system = trpc.system.info.useQuery(undefined, { staleTime: 5 * 60_000 });
  const switchToTalentUi = () => {
    writeStored(storageKeys.adminSwitch, null);
    navigate('/', { replace: true });
  };

  return (
    <Stack gap={2} data-testid="admin-menu" data-user={me.id}>
      {adminSections.map((section) => (
        <NavLink
          key={section.path}
          component={Link}
          to={section.path}
          label={section.label}
          leftSection={<section.icon size={18} stroke={1.7} />}
          active={pathname === section.path || pathname.startsWith(`${section.path}/`)}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
      <Divider my={6} />
      <NavLink
        label="Talent UI"
        leftSection={<IconDeviceMobile size={18} stroke={1.7} />}
        onClick={switchToTalentUi}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      {system.data?.devOutbox && (
        <NavLink
          component={Link}
          to="/dev/outbox"
          label="Emulator"
          leftSection={<IconMailbox size={18} stroke={1.7} />}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      )}
      <NavLink
        label="Logout"
        c="red"
        leftSection={<IconLogout size={18} stroke={1.7} />}
        onClick={signOut}
        disabled={pending}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    </Stack>
  );
}
