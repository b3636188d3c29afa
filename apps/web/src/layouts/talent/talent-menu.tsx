import type { Me } from '@doppel/validation';
import { ActionIcon, Badge, Indicator, Menu } from '@mantine/core';
import {
  IconBulb,
  IconDotsVertical,
  IconFileText,
  IconHelpCircle,
  IconLogout,
  IconMessageCheck,
  IconMessages,
  IconPencilCheck,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { legalPaths } from '../../config/links.ts';
import { DeferredMenu } from '../../kit/deferred-menu.tsx';
import { storageKeys, writeStored } from '../../storage/stored-value.ts';
import { useCorrectionsSummary } from './drafts/use-approval-live.ts';

/**
 * The dashboard menu of docs/product-rules.md#creator-dashboard, in its order, with the creator's pages after it. Replies waiting
 * for approval show as a count on the menu button and on their item, live.
 */
export function TalentMenu({ me, talentId, onSupport }: { me: Me; talentId: string | undefined; onSupport: () => void }) {
  const navigate = useNavigate();
  const { signOut, pending } = useSignOut();
  const pendingDrafts = useCorrectionsSummary(talentId).data?.pendingDrafts ?? 0;
  const switchToAdmin = () => {
    writeStored(storageKeys.adminSwitch, 'true');
    navigate('/', { replace: true });
  };

  return (
    // The count sits around the menu, not inside its target, so the button keeps the menu's aria attributes.
    <Indicator label={pendingDrafts} size={16} color="red" disabled={pendingDrafts === 0} offset={4}>
      <DeferredMenu
        position="bottom-end"
        width={220}
        shadow="md"
        target={
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Menu">
            <IconDotsVertical size={22} />
          </ActionIcon>
        }
      >
        <Menu.Dropdown>
          {me.role === 'ADMIN' && (
            <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={switchToAdmin}>
              Admin UI
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconMessages size={16} />} component={Link} to="/conversations">
            Conversations
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMessageCheck size={16} />}
            component={Link}
            to="/drafts"
            rightSection={
              pendingDrafts > 0 ? (
                <Badge size="sm" color="red" variant="filled" data-testid="menu-pending-drafts">
                  {pendingDrafts}
                </Badge>
              ) : undefined
            }
          >
            Replies to approve
          </Menu.Item>
          <Menu.Item leftSection={<IconPencilCheck size={16} />} component={Link} to="/corrections">
            Corrections
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
      </DeferredMenu>
    </Indicator>
  );
}
