// Addresses the product links to, kept in one place so legal or support can change them.
export const externalLinks = {
  community: 'https://discord.gg/doppel',
  supportEmail: 'support@doppel.dev',
  instagram: 'https://www.instagram.com/doppel.ai',
  tiktok: 'https://www.tiktok.com/@doppel.ai',
  x: 'https://x.com/doppel_ai',
} as const;

/** The legal pages the app serves itself (placeholder text the operator replaces). */
export const legalPaths = {
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  /** The crisis protocol, public (docs/safety.md), linked from every chat's AI notice. */
  safety: '/safety',
} as const;
