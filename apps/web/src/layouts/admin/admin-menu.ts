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

/** The admin back-office sections in the order of spec 2.5, with a line on what each shows. */
export const adminSections = [
  { label: 'Status', path: '/status', icon: IconActivityHeartbeat, description: 'Health of every model, sorted by name.' },
  {
    label: 'App',
    path: '/app',
    icon: IconAdjustments,
    description: 'Prompt templates, referral share, function settings and voices.',
  },
  { label: 'Talents', path: '/talents', icon: IconStars, description: 'Every twin, searchable by name and sortable by chats.' },
  { label: 'Chats', path: '/chats', icon: IconMessages, description: 'Conversations between fans and twins, with filters.' },
  {
    label: 'Discover',
    path: '/public-talents',
    icon: IconCompass,
    description: 'Twins featured on the discover surfaces, in order.',
  },
  {
    label: 'Reactions',
    path: '/reactions',
    icon: IconMoodSmile,
    description: 'Thumbs up and thumbs down given to twin replies.',
  },
  {
    label: 'Payments',
    path: '/payments',
    icon: IconCreditCard,
    description: 'Credit purchases and subscriptions, newest first.',
  },
  { label: 'Payouts', path: '/payouts', icon: IconCash, description: 'Creator withdrawals and their status, newest first.' },
  { label: 'Models', path: '/models', icon: IconBrain, description: 'Fine-tuning models and their versions.' },
  { label: 'FAQ', path: '/faqs', icon: IconHelpHexagon, description: 'Shared answers for every twin, sorted by name.' },
  { label: 'Users', path: '/users', icon: IconUsers, description: 'Accounts, waitlist decisions and credits.' },
  { label: 'Broadcast', path: '/broadcasts', icon: IconSpeakerphone, description: 'Messages scheduled to many fans at once.' },
] as const;

export type AdminSection = (typeof adminSections)[number];
