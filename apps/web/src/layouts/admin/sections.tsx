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

/** One section of the back-office: its menu entry and its screens, loaded when first opened. */
export type AdminSection = {
  label: string;
  /** Where the section lives; its own routes nest below it. */
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** A line on what the section shows, for sections still being built. */
  description: string;
  /** The section's routes. Lazy: one chunk per section, named after its file. */
  element: ComponentType;
};

const pending = (description: string) => ({
  description,
  element: lazy(() => import('./shared/pending-section.tsx').then((m) => ({ default: m.PendingSection }))),
});

/** The back-office sections in the order of spec 2.5, the one list the menu and the routes read. */
export const adminSections: AdminSection[] = [
  {
    label: 'Status',
    path: '/status',
    icon: IconActivityHeartbeat,
    ...pending('Health of every model, sorted by name.'),
  },
  {
    label: 'App',
    path: '/app',
    icon: IconAdjustments,
    ...pending('Prompt templates, referral share, function settings and voices.'),
  },
  {
    label: 'Talents',
    path: '/talents',
    icon: IconStars,
    ...pending('Every twin, searchable by name and sortable by chats.'),
  },
  {
    label: 'Chats',
    path: '/chats',
    icon: IconMessages,
    description: 'Conversations between fans and twins, with filters.',
    element: lazy(() => import('./chats/chats-section.tsx').then((m) => ({ default: m.ChatsSection }))),
  },
  {
    label: 'Discover',
    path: '/public-talents',
    icon: IconCompass,
    ...pending('Twins featured on the discover surfaces, in order.'),
  },
  {
    label: 'Reactions',
    path: '/reactions',
    icon: IconMoodSmile,
    ...pending('Thumbs up and thumbs down given to twin replies.'),
  },
  {
    label: 'Payments',
    path: '/payments',
    icon: IconCreditCard,
    ...pending('Credit purchases and subscriptions, newest first.'),
  },
  {
    label: 'Payouts',
    path: '/payouts',
    icon: IconCash,
    ...pending('Creator withdrawals and their status, newest first.'),
  },
  { label: 'Models', path: '/models', icon: IconBrain, ...pending('Fine-tuning models and their versions.') },
  { label: 'FAQ', path: '/faqs', icon: IconHelpHexagon, ...pending('Shared answers for every twin, sorted by name.') },
  { label: 'Users', path: '/users', icon: IconUsers, ...pending('Accounts, waitlist decisions and credits.') },
  {
    label: 'Broadcast',
    path: '/broadcasts',
    icon: IconSpeakerphone,
    ...pending('Messages scheduled to many fans at once.'),
  },
];
