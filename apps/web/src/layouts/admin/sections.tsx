import {
  IconActivityHeartbeat,
  IconAdjustments,
  IconBrain,
  IconCash,
  IconCompass,
  IconCreditCard,
  IconHelpHexagon,
  IconMessages,
  IconMoodSmile,
  IconSpeakerphone,
  IconStars,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';
import { adminPaths } from '../../access/admin-paths.ts';

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
};

/** The back-office sections in the order of spec 2.5, the one list the menu and the routes read. */
export const adminSections: AdminSection[] = [
  {
    label: 'Status',
    path: adminPaths.status,
    icon: IconActivityHeartbeat,
    description: 'Health of every model, sorted by name.',
    element: lazy(() => import('./status/status-section.tsx').then((m) => ({ default: m.StatusSection }))),
  },
  {
    label: 'App',
    path: adminPaths.app,
    icon: IconAdjustments,
    description: 'Prompt templates, referral share, function settings and voices.',
    element: lazy(() => import('./app/app-section.tsx').then((m) => ({ default: m.AppSection }))),
  },
  {
    label: 'Talents',
    path: adminPaths.talents,
    icon: IconStars,
    description: 'Every twin, searchable by name and sortable by chats.',
    element: lazy(() => import('./talents/talents-section.tsx').then((m) => ({ default: m.TalentsSection }))),
  },
  {
    label: 'Chats',
    path: adminPaths.chats,
    icon: IconMessages,
    description: 'Conversations between fans and twins, with filters.',
    element: lazy(() => import('./chats/chats-section.tsx').then((m) => ({ default: m.ChatsSection }))),
  },
  {
    label: 'Discover',
    path: adminPaths.publicTalents,
    icon: IconCompass,
    description: 'Twins featured on the discover surfaces, in order.',
    element: lazy(() => import('./discover/discover-section.tsx').then((m) => ({ default: m.DiscoverSection }))),
  },
  {
    label: 'Reactions',
    path: adminPaths.reactions,
    icon: IconMoodSmile,
    description: 'Thumbs up and thumbs down given to twin replies.',
    element: lazy(() => import('./reactions/reactions-section.tsx').then((m) => ({ default: m.ReactionsSection }))),
  },
  {
    label: 'Payments',
    path: adminPaths.payments,
    icon: IconCreditCard,
    description: 'Credit purchases and subscriptions, newest first.',
    element: lazy(() => import('./payments/payments-section.tsx').then((m) => ({ default: m.PaymentsSection }))),
  },
  {
    label: 'Payouts',
    path: adminPaths.payouts,
    icon: IconCash,
    description: 'Creator withdrawals and their status, newest first.',
    element: lazy(() => import('./payouts/payouts-section.tsx').then((m) => ({ default: m.PayoutsSection }))),
  },
  {
    label: 'Models',
    path: adminPaths.models,
    icon: IconBrain,
    description: 'Fine-tuning models and their versions.',
    element: lazy(() => import('./models/models-section.tsx').then((m) => ({ default: m.ModelsSection }))),
  },
  {
    label: 'FAQ',
    path: adminPaths.faqs,
    icon: IconHelpHexagon,
    description: 'Shared answers for every twin, sorted by name.',
    element: lazy(() => import('./faqs/faqs-section.tsx').then((m) => ({ default: m.FaqsSection }))),
  },
  {
    label: 'Users',
    path: adminPaths.users,
    icon: IconUsers,
    description: 'Accounts, waitlist decisions and credits.',
    element: lazy(() => import('./users/users-section.tsx').then((m) => ({ default: m.UsersSection }))),
  },
  {
    label: 'Broadcast',
    path: adminPaths.broadcasts,
    icon: IconSpeakerphone,
    description: 'Messages scheduled to many fans at once.',
    element: lazy(() => import('./broadcasts/broadcasts-section.tsx').then((m) => ({ default: m.BroadcastsSection }))),
  },
];
