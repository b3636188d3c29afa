import type { Me } from '@doppel/validation';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBulb,
  IconDotsVertical,
  IconFileText,
  IconHelpCircle,
  IconLogout,
  IconMessages,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { legalPaths } from '../../config/links.ts';
import { storageKeys, writeStored } from '../../storage/stored-value.ts';

/** The dashboard menu of spec 2.4, in its order. */
export function TalentMenu({ me, onSupport }: { me: Me; onSupport: () => void }) {
  const navigate = useNavigate();
  const { signOut, pending } = useSignOut();
  const switchToAdmin = () => {
    writeStored(storageKeys.adminSwitch, 'true');
    navigate('/', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Menu">
          <IconDotsVertical size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {me.role === 'ADMIN' && (
          <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={switchToAdmin}>
            Admin UI
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconMessages size={16} />} component={Link} to="/conversations">
          Conversations
        </Menu.Item>
        <Menu.Item leftSection={<IconBulb size={16} />} component={Link} to="/knowledge-gaps">
          Knowledge gaps
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={16} />} component={Link} to="/audience">
          Audience
        </Menu.Item>
        <Menu.Item leftSection={<IconHelpCircle size={16} />} onClick={onSupport}>
          Support
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} />} component={Link} to={legalPaths.terms}>
          Terms & Conditions
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut} disabled={pending}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
