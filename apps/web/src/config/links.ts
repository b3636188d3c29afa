// Outside addresses the product links to, kept in one place so legal or support can change them.
export const externalLinks = {
  terms: 'https://doppel.dev/terms',
  privacy: 'https://doppel.dev/privacy',
  cookies: 'https://doppel.dev/cookies',
  community: 'https://discord.gg/doppel',
  supportEmail: 'support@doppel.dev',
  instagram: 'https://www.instagram.com/doppel.ai',
  tiktok: 'https://www.tiktok.com/@doppel.ai',
  x: 'https://x.com/doppel_ai',
} as const;
