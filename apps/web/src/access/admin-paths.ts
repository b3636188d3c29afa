// Where each back-office section lives (docs/product-rules.md#admin-back-office). The section list (layouts/admin/sections.tsx)
// and the access flow both read it: the access flow without loading any admin code.
export const adminPaths = {
  status: '/status',
  app: '/app',
  talents: '/talents',
  chats: '/chats',
  publicTalents: '/public-talents',
  reactions: '/reactions',
  reports: '/reports',
  payments: '/payments',
  payouts: '/payouts',
  models: '/models',
  faqs: '/faqs',
  users: '/users',
  broadcasts: '/broadcasts',
} as const;

/** The database record pages every section links to. */
const recordsPath = '/records';

/** An address of the back-office: a section, a page inside one, or a record page. */
export function isAdminAddress(pathname: string): boolean {
  return [...Object.values(adminPaths), recordsPath].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
