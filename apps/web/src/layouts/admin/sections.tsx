import {
  IconActivityHeartbeat,
  IconAdjustments,
  IconBrain,
  IconCash,
  IconCompass,
  IconCreditCard,
  IconFlag,
  IconHelpHexagon,
  IconMessages,
  IconMoodSmile,
  IconSpeakerphone,
  IconStars,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { adminPaths } from '../../access/admin-paths.ts';
import { preloadable } from '../../shell/preloadable.ts';

/** One section of the back-office: its menu entry and its screens, loaded when first opened. */
export type AdminSection = {
  label: string;
  /** Where the section lives; its own routes nest below it. */
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** A line on what the section shows. */
  description: string;
  /** The section's routes. Lazy: one chunk per section, named after its file. */
  element: ComponentType;
  /** Fetches the section's chunk, so the first render shows it at once (loadAdminSection). */
  load: () => Promise<void>;
};

/** A section's screens, loaded when first opened or ahead of the app's first render. */
function section(load: () => Promise<ComponentType>): Pick<AdminSection, 'element' | 'load'> {
  const page = preloadable(load);
  return { element: page.Component, load: page.load };
}

/** The back-office sections in the order of docs/product-rules.md#admin-back-office, the one list the menu and the routes read. */
export const adminSections: AdminSection[] = [
  {
    label: 'Status',
    path: adminPaths.status,
    icon: IconActivityHeartbeat,
    description: 'Health of every model, sorted by name.',
    ...section(() => import('./status/status-section.tsx').then((m) => m.StatusSection)),
  },
  {
    label: 'App',
    path: adminPaths.app,
    icon: IconAdjustments,
    description: 'Prompt templates, referral share, function settings and voices.',
    ...section(() => import('./app/app-section.tsx').then((m) => m.AppSection)),
  },
  {
    label: 'Talents',
    path: adminPaths.talents,
    icon: IconStars,
    description: 'Every twin, searchable by name and sortable by chats.',
    ...section(() => import('./talents/talents-section.tsx').then((m) => m.TalentsSection)),
  },
  {
    label: 'Chats',
    path: adminPaths.chats,
    icon: IconMessages,
    description: 'Conversations between fans and twins, with filters.',
    ...section(() => import('./chats/chats-section.tsx').then((m) => m.ChatsSection)),
  },
  {
    label: 'Discover',
    path: adminPaths.publicTalents,
    icon: IconCompass,
    description: 'Twins featured on the discover surfaces, in order.',
    ...section(() => import('./discover/discover-section.tsx').then((m) => m.DiscoverSection)),
  },
  {
    label: 'Reactions',
    path: adminPaths.reactions,
    icon: IconMoodSmile,
    description: 'Thumbs up and thumbs down given to twin replies.',
    ...section(() => import('./reactions/reactions-section.tsx').then((m) => m.ReactionsSection)),
  },
  {
    label: 'Reports',
    path: adminPaths.reports,
    icon: IconFlag,
    description: 'Twins reported for impersonation or harmful content.',
    ...section(() => import('./reports/reports-section.tsx').then((m) => m.ReportsSection)),
  },
  {
    label: 'Payments',
    path: adminPaths.payments,
    icon: IconCreditCard,
    description: 'Credit purchases and subscriptions, newest first.',
    ...section(() => import('./payments/payments-section.tsx').then((m) => m.PaymentsSection)),
  },
  {
    label: 'Payouts',
    path: adminPaths.payouts,
    icon: IconCash,
    description: 'Creator withdrawals and their status, newest first.',
    ...section(() => import('./payouts/payouts-section.tsx').then((m) => m.PayoutsSection)),
  },
  {
    label: 'Models',
    path: adminPaths.models,
    icon: IconBrain,
    description: 'Fine-tuning models and their versions.',
    ...section(() => import('./models/models-section.tsx').then((m) => m.ModelsSection)),
  },
  {
    label: 'FAQ',
    path: adminPaths.faqs,
    icon: IconHelpHexagon,
    description: 'Shared answers for every twin, sorted by name.',
    ...section(() => import('./faqs/faqs-section.tsx').then((m) => m.FaqsSection)),
  },
  {
    label: 'Users',
    path: adminPaths.users,
    icon: IconUsers,
    description: 'Accounts, waitlist decisions and credits.',
    ...section(() => import('./users/users-section.tsx').then((m) => m.UsersSection)),
  },
  {
    label: 'Broadcast',
    path: adminPaths.broadcasts,
    icon: IconSpeakerphone,
    description: 'Messages scheduled to many fans at once.',
    ...section(() => import('./broadcasts/broadcasts-section.tsx').then((m) => m.BroadcastsSection)),
  },
];

/** Loads the chunk of the section an address opens, before the app's first render (shell/lazy-layouts.ts). */
export function loadAdminSection(pathname: string): Promise<void> {
  const opened = adminSections.find((one) => pathname === one.path || pathname.startsWith(`${one.path}/`));
  return opened ? opened.load() : Promise.resolve();
}
