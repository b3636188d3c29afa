import type { Me } from '@doppel/validation';
import { ActionIcon, AppShell, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { NavSection } from '../../kit/nav-section.tsx';
import { useOpenedOnce } from '../../kit/use-opened-once.ts';
import { PageSkeleton } from '../../shell/dashboard-skeleton.tsx';
import { PageShellHandoff } from '../../shell/page-shell.ts';
import { useCorrectionsSummary } from './drafts/use-approval-live.ts';
import { TalentContext } from './talent-context.ts';
import { TalentMenu } from './talent-menu.tsx';
import { TalentBottomNav, TalentSideNav } from './talent-nav.tsx';
import { TalentRoutes } from './talent-pages.tsx';

// The Support dialog (a Modal) loads when the creator first opens it, not with every page.
const SupportDialog = lazy(() => import('./support-dialog.tsx').then((module) => ({ default: module.SupportDialog })));

/** Where the back arrow goes: a settings page to the settings menu, withdraw to earnings, anything else home. */
function parentPath(pathname: string): string {
  if (pathname.startsWith('/settings/')) return '/settings';
  if (pathname.startsWith('/earnings/')) return '/earnings';
  if (pathname.startsWith('/conversations/')) return '/conversations';
  return '/';
}

const desktopQuery = '(min-width: 48em)';

/**
 * The creator dashboard (docs/product-rules.md#creator-dashboard): header with a back arrow and the menu, the pages down the side
 * on a desktop and along the bottom on a phone (issue 26: they hid behind the ⋮ menu), then the
 * creator's pages.
 */
export function TalentLayout({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [supportOpen, support] = useDisclosure(false);
  const supportMounted = useOpenedOnce(supportOpen);
  const isDesktop = useMediaQuery(desktopQuery, window.matchMedia(desktopQuery).matches, { getInitialValueInEffect: false });
  const atHome = pathname === '/';
  // The dashboard is about the creator's first twin (a creator runs one; an admin may manage several).
  const talentId = me.managedTalentIds[0];
  const context = useMemo(() => (talentId ? { me, talentId } : null), [me, talentId]);
  const heldReplies = useCorrectionsSummary(talentId).data?.pendingDrafts ?? 0;
  const withNav = context !== null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={withNav ? { width: 220, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      footer={withNav ? { height: 64, collapsed: isDesktop } : undefined}
      bg="var(--mantine-color-gray-0)"
    >
      <AppShell.Header>
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              aria-label="Back"
              onClick={() => navigate(parentPath(pathname))}
              style={{ visibility: atHome ? 'hidden' : 'visible' }}
            >
              <IconArrowLeft size={22} />
            </ActionIcon>
            <BrandLink compact />
            <TalentMenu me={me} talentId={talentId} onSupport={support.open} />
          </Group>
        </Container>
      </AppShell.Header>
      {/* On a phone the pages are along the bottom: the hidden side menu is not built at all. */}
      {withNav && isDesktop && (
        <AppShell.Navbar p="xs">
          <NavSection>
            <TalentSideNav heldReplies={heldReplies} />
          </NavSection>
        </AppShell.Navbar>
      )}
      {withNav && !isDesktop && (
        <AppShell.Footer>
          <TalentBottomNav heldReplies={heldReplies} />
        </AppShell.Footer>
      )}
      <AppShell.Main>
        <Container size="md" py="md" pb="xl">
          {context ? (
            <TalentContext.Provider value={context}>
              {/* Each page is a chunk of its own (talent-pages.tsx); the app's first page arrives before it renders. */}
              <Suspense fallback={<PageSkeleton />}>
                <PageShellHandoff />
                <TalentRoutes />
              </Suspense>
            </TalentContext.Provider>
          ) : (
            <ErrorPanel title="No twin yet" message="This account does not manage a twin." />
          )}
        </Container>
      </AppShell.Main>
      {supportMounted && (
        <Suspense fallback={null}>
          <SupportDialog opened={supportOpen} onClose={support.close} />
        </Suspense>
      )}
    </AppShell>
  );
}
