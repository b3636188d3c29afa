// Demo users: the accounts printed at start, creators, fans and waitlist applicants.
import type { UserRole, WaitlistPlatform, WaitlistStatus } from '@doppel/validation';

export type DemoAccount = { email: string; role: UserRole; name: string; description: string };

/** Accounts the start script prints; sign in with a magic link to any of them. */
export const demoAccounts: DemoAccount[] = [
  { email: 'admin@doppel.dev', role: 'ADMIN', name: 'Ada Admin', description: 'admin, also manages the demo twin Mia' },
  { email: 'creator@doppel.dev', role: 'USER', name: 'Mia Moreno', description: 'creator managing the demo twin Mia (@mia)' },
  { email: 'fan1@doppel.dev', role: 'USER', name: 'Sam Rivera', description: 'fan with a subscription and paid credits' },
  { email: 'fan2@doppel.dev', role: 'USER', name: 'Jordan Lee', description: 'fan with paid credits' },
  { email: 'fan3@doppel.dev', role: 'USER', name: 'Priya Shah', description: 'fan with free credits only' },
  { email: 'fan4@doppel.dev', role: 'USER', name: 'Marco Rossi', description: 'fan who paid in the App Store' },
  { email: 'fan5@doppel.dev', role: 'USER', name: 'Emma Novak', description: 'fan who paid on Google Play' },
];

export const demoAdminEmail = 'admin@doppel.dev';

export type DemoPerson = {
  key: string;
  name: string;
  email: string | null;
  role?: UserRole;
  credits?: number;
  paidCredits?: number;
  waitlistStatus?: WaitlistStatus;
  waitlistPlatform?: WaitlistPlatform;
  instagram?: string;
  tiktok?: string;
  x?: string;
  testGroupRecord?: Record<string, string>;
  createdDaysAgo: number;
  lastActiveDaysAgo?: number;
};

const account = (email: string) => {
  const found = demoAccounts.find((entry) => entry.email === email);
  if (!found) throw new Error(`Unknown demo account ${email}`);
  return found;
};

export const demoPeople: DemoPerson[] = [
  {
    key: 'admin',
    name: account('admin@doppel.dev').name,
    email: 'admin@doppel.dev',
    role: 'ADMIN',
    credits: 1000,
    waitlistStatus: 'ACCEPTED',
    testGroupRecord: { onboardingCopy: 'B' },
    createdDaysAgo: 120,
    lastActiveDaysAgo: 0,
  },
  {
    key: 'creator',
    name: account('creator@doppel.dev').name,
    email: 'creator@doppel.dev',
    credits: 100,
    waitlistStatus: 'ACCEPTED',
    waitlistPlatform: 'INSTAGRAM',
    instagram: 'miamoreno',
    tiktok: 'miamoreno.travels',
    testGroupRecord: { onboardingCopy: 'A', pricingPage: 'control' },
    createdDaysAgo: 110,
    lastActiveDaysAgo: 0,
  },
  {
    key: 'leo',
    name: 'Leo Park',
    email: 'leo@doppel.dev',
    credits: 100,
    waitlistStatus: 'ACCEPTED',
    waitlistPlatform: 'TIKTOK',
    tiktok: 'leoparkfit',
    createdDaysAgo: 50,
    lastActiveDaysAgo: 2,
  },
  // Waitlist applicants in every state; the accepted one is still onboarding (has a draft).
  {
    key: 'pending1',
    name: 'Chloe Martin',
    email: 'chloe@example.com',
    waitlistStatus: 'PENDING',
    waitlistPlatform: 'INSTAGRAM',
    instagram: 'chloe.bakes',
    createdDaysAgo: 2,
  },
  {
    key: 'pending2',
    name: 'Diego Alvarez',
    email: 'diego@example.com',
    waitlistStatus: 'PENDING',
    waitlistPlatform: 'TIKTOK',
    tiktok: 'diegoskates',
    createdDaysAgo: 1,
  },
  {
    key: 'pending3',
    name: 'Hana Sato',
    email: 'hana@example.com',
    waitlistStatus: 'PENDING',
    waitlistPlatform: 'X',
    x: 'hanasato_art',
    createdDaysAgo: 6,
  },
  {
    key: 'rejected',
    name: 'Spam Bot',
    email: 'cheap-followers@example.com',
    waitlistStatus: 'REJECTED',
    waitlistPlatform: 'X',
    x: 'buyfollowers247',
    createdDaysAgo: 9,
  },
  {
    key: 'onboarding',
    name: 'Nora Quinn',
    email: 'nora@example.com',
    waitlistStatus: 'ACCEPTED',
    waitlistPlatform: 'INSTAGRAM',
    instagram: 'noraquinnstudio',
    createdDaysAgo: 4,
    lastActiveDaysAgo: 1,
  },
  {
    key: 'fan1',
    name: 'Sam Rivera',
    email: 'fan1@doppel.dev',
    credits: 20,
    paidCredits: 140,
    createdDaysAgo: 60,
    lastActiveDaysAgo: 1,
  },
  {
    key: 'fan2',
    name: 'Jordan Lee',
    email: 'fan2@doppel.dev',
    credits: 5,
    paidCredits: 60,
    createdDaysAgo: 45,
    lastActiveDaysAgo: 3,
  },
  { key: 'fan3', name: 'Priya Shah', email: 'fan3@doppel.dev', credits: 50, createdDaysAgo: 20, lastActiveDaysAgo: 5 },
  {
    key: 'fan4',
    name: 'Marco Rossi',
    email: 'fan4@doppel.dev',
    credits: 0,
    paidCredits: 12,
    createdDaysAgo: 14,
    lastActiveDaysAgo: 7,
  },
  {
    key: 'fan5',
    name: 'Emma Novak',
    email: 'fan5@doppel.dev',
    credits: 10,
    paidCredits: 90,
    createdDaysAgo: 7,
    lastActiveDaysAgo: 3,
  },
  // Fans chat anonymously before signing in.
  { key: 'anonymous', name: '', email: null, credits: 3, createdDaysAgo: 1, lastActiveDaysAgo: 1 },
];
