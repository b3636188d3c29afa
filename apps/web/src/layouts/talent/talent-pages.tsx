// The creator's pages, one chunk each (issue 33): /conversations does not download the earnings
// charts, /earnings not the conversation screens, and the dashboard's own chunk is only its frame.
// The app loads the chunk of the page it opens before its first render (loadTalentPage), so that
// page renders at once; others show a skeleton of the page while their chunk arrives.
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { type Preloadable, preloadable } from '../../shell/preloadable.ts';

const page = (load: () => Promise<ComponentType>) => preloadable<object>(load);

/** Paths below the dashboard's root, as the routes write them ('' is the home page). */
const pages: Array<{ path: string; page: Preloadable<object> }> = [
  { path: '', page: page(() => import('./home/talent-home.tsx').then((m) => m.TalentHome)) },
  { path: 'settings', page: page(() => import('./settings/settings-menu.tsx').then((m) => m.SettingsMenu)) },
  { path: 'settings/profile', page: page(() => import('./settings/profile-page.tsx').then((m) => m.ProfilePage)) },
  { path: 'settings/gallery', page: page(() => import('./settings/gallery-page.tsx').then((m) => m.GalleryPage)) },
  { path: 'settings/knowledge', page: page(() => import('./knowledge/knowledge-page.tsx').then((m) => m.KnowledgePage)) },
  { path: 'settings/voice', page: page(() => import('./settings/voice-page.tsx').then((m) => m.VoicePage)) },
  {
    path: 'settings/welcome-messages',
    page: page(() => import('./settings/welcome-messages-page.tsx').then((m) => m.WelcomeMessagesPage)),
  },
  {
    path: 'settings/conversation-starters',
    page: page(() => import('./settings/conversation-starters-page.tsx').then((m) => m.ConversationStartersPage)),
  },
  { path: 'settings/monetisation', page: page(() => import('./settings/monetisation-page.tsx').then((m) => m.MonetisationPage)) },
  { path: 'settings/boundaries', page: page(() => import('./settings/boundaries-page.tsx').then((m) => m.BoundariesPage)) },
  { path: 'settings/reach-out', page: page(() => import('./settings/reach-out-page.tsx').then((m) => m.ReachOutPage)) },
  { path: 'settings/fan-memory', page: page(() => import('./settings/fan-memory-page.tsx').then((m) => m.FanMemoryPage)) },
  { path: 'settings/embed', page: page(() => import('./settings/embed-page.tsx').then((m) => m.EmbedPage)) },
  { path: 'settings/telegram', page: page(() => import('./settings/telegram-page.tsx').then((m) => m.TelegramPage)) },
  { path: 'settings/approval', page: page(() => import('./settings/reply-approval-page.tsx').then((m) => m.ReplyApprovalPage)) },
  { path: 'settings/account', page: page(() => import('./settings/account-page.tsx').then((m) => m.AccountPage)) },
  { path: 'conversations', page: page(() => import('./conversations/conversations-page.tsx').then((m) => m.ConversationsPage)) },
  {
    path: 'conversations/:chatId',
    page: page(() => import('./conversations/conversation-page.tsx').then((m) => m.ConversationPage)),
  },
  { path: 'drafts', page: page(() => import('./drafts/drafts-page.tsx').then((m) => m.DraftsPage)) },
  { path: 'corrections', page: page(() => import('./corrections/corrections-page.tsx').then((m) => m.CorrectionsPage)) },
  {
    path: 'knowledge-gaps',
    page: page(() => import('./knowledge-gaps/knowledge-gaps-page.tsx').then((m) => m.KnowledgeGapsPage)),
  },
  { path: 'audience', page: page(() => import('./audience/audience-page.tsx').then((m) => m.AudiencePage)) },
  { path: 'earnings', page: page(() => import('./earnings/earnings-page.tsx').then((m) => m.EarningsPage)) },
  { path: 'earnings/withdraw', page: page(() => import('./earnings/withdraw-page.tsx').then((m) => m.WithdrawPage)) },
  { path: 'referrals', page: page(() => import('./referrals-page.tsx').then((m) => m.ReferralsPage)) },
  { path: 'feedback', page: page(() => import('./feedback-page.tsx').then((m) => m.FeedbackPage)) },
];

function pageAt(pathname: string): Preloadable<object> | undefined {
  const parts = pathname.replace(/^\/+|\/+$/g, '').split('/');
  return pages.find(({ path }) => {
    const pattern = path.split('/');
    return pattern.length === parts.length && pattern.every((part, index) => part.startsWith(':') || part === parts[index]);
  })?.page;
}

/** Loads the chunk of the page an address opens (none for an unknown address, which goes home). */
export function loadTalentPage(pathname: string): Promise<void> {
  return pageAt(pathname)?.load() ?? Promise.resolve();
}

/** The dashboard's routes, each page in its own chunk; any other address goes home. */
export function TalentRoutes() {
  return (
    <Routes>
      {pages.map(({ path, page: { Component } }) =>
        path === '' ? (
          <Route key="home" index element={<Component />} />
        ) : (
          <Route key={path} path={path} element={<Component />} />
        ),
      )}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
