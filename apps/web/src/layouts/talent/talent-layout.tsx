import type { Me } from '@doppel/validation';
import { ActionIcon, AppShell, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { SupportDialog } from './support-dialog.tsx';
import { TalentHome } from './talent-home.tsx';
import { TalentMenu } from './talent-menu.tsx';

/** The creator dashboard (spec 2.4): header with a back arrow and the menu, then the creator's pages. */
export function TalentLayout({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [supportOpen, support] = useDisclosure(false);
  const atHome = pathname === '/';

  return (
    <AppShell header={{ height: 60 }} bg="var(--mantine-color-gray-0)">
      <AppShell.Header>
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              aria-label="Back"
              onClick={() => navigate(-1)}
              style={{ visibility: atHome ? 'hidden' : 'visible' }}
            >
              <IconArrowLeft size={22} />
            </ActionIcon>
            <BrandLink compact />
            <TalentMenu me={me} onSupport={support.open} />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="md" py="md">
          <Routes>
            <Route index element={<TalentHome me={me} />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Container>
      </AppShell.Main>
      <SupportDialog opened={supportOpen} onClose={support.close} />
    </AppShell>
  );
}
