import type { Me } from '@doppel/validation';
import { ActionIcon, AppShell, Container, Group, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { AudiencePage } from './audience/audience-page.tsx';
import { ConversationPage } from './conversations/conversation-page.tsx';
import { ConversationsPage } from './conversations/conversations-page.tsx';
import { CorrectionsPage } from './corrections/corrections-page.tsx';
import { DraftsPage } from './drafts/drafts-page.tsx';
import { useCorrectionsSummary } from './drafts/use-approval-live.ts';
import { EarningsPage } from './earnings/earnings-page.tsx';
import { WithdrawPage } from './earnings/withdraw-page.tsx';
import { FeedbackPage } from './feedback-page.tsx';
import { TalentHome } from './home/talent-home.tsx';
import { KnowledgeGapsPage } from './knowledge-gaps/knowledge-gaps-page.tsx';
import { ReferralsPage } from './referrals-page.tsx';
import { BoundariesPage } from './settings/boundaries-page.tsx';
import { ConversationStartersPage } from './settings/conversation-starters-page.tsx';
import { FanMemoryPage } from './settings/fan-memory-page.tsx';
import { GalleryPage } from './settings/gallery-page.tsx';
import { MonetisationPage } from './settings/monetisation-page.tsx';
import { ProfilePage } from './settings/profile-page.tsx';
import { ReplyApprovalPage } from './settings/reply-approval-page.tsx';
import { SettingsMenu } from './settings/settings-menu.tsx';
import { VoicePage } from './settings/voice-page.tsx';
import { WelcomeMessagesPage } from './settings/welcome-messages-page.tsx';
import { SupportDialog } from './support-dialog.tsx';
import { TalentContext } from './talent-context.ts';
import { TalentMenu } from './talent-menu.tsx';
import { TalentBottomNav, TalentSideNav } from './talent-nav.tsx';

/** Where the back arrow goes: a settings page to the settings menu, withdraw to earnings, anything else home. */
function parentPath(pathname: string): string {
  if (pathname.startsWith('/settings/')) return '/settings';
  if (pathname.startsWith('/earnings/')) return '/earnings';
  if (pathname.startsWith('/conversations/')) return '/conversations';
  return '/';
}

const desktopQuery = '(min-width: 48em)';

/**
 * The creator dashboard (spec 2.4): header with a back arrow and the menu, the pages down the side
 * on a desktop and along the bottom on a phone (issue 26: they hid behind the ⋮ menu), then the
 * creator's pages.
 */
export function TalentLayout({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [supportOpen, support] = useDisclosure(false);
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
      {withNav && (
        <AppShell.Navbar p="xs">
          <AppShell.Section grow component={ScrollArea} type="scroll">
            <TalentSideNav heldReplies={heldReplies} />
          </AppShell.Section>
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
              <Routes>
                <Route index element={<TalentHome />} />
                <Route path="settings" element={<SettingsMenu />} />
                <Route path="settings/profile" element={<ProfilePage />} />
                <Route path="settings/gallery" element={<GalleryPage />} />
                <Route path="settings/voice" element={<VoicePage />} />
                <Route path="settings/welcome-messages" element={<WelcomeMessagesPage />} />
                <Route path="settings/conversation-starters" element={<ConversationStartersPage />} />
                <Route path="settings/monetisation" element={<MonetisationPage />} />
                <Route path="settings/boundaries" element={<BoundariesPage />} />
                <Route path="settings/fan-memory" element={<FanMemoryPage />} />
                <Route path="settings/approval" element={<ReplyApprovalPage />} />
                <Route path="conversations" element={<ConversationsPage />} />
                <Route path="conversations/:chatId" element={<ConversationPage />} />
                <Route path="drafts" element={<DraftsPage />} />
                <Route path="corrections" element={<CorrectionsPage />} />
                <Route path="knowledge-gaps" element={<KnowledgeGapsPage />} />
                <Route path="audience" element={<AudiencePage />} />
                <Route path="earnings" element={<EarningsPage />} />
                <Route path="earnings/withdraw" element={<WithdrawPage />} />
                <Route path="referrals" element={<ReferralsPage />} />
                <Route path="feedback" element={<FeedbackPage />} />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Routes>
            </TalentContext.Provider>
          ) : (
            <ErrorPanel title="No twin yet" message="This account does not manage a twin." />
          )}
        </Container>
      </AppShell.Main>
      <SupportDialog opened={supportOpen} onClose={support.close} />
    </AppShell>
  );
}
