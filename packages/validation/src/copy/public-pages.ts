// The words of the public pages, in one place: the React pages (apps/web layouts/public) render
// them and the API's first-paint shell (apps/api http/page-shell.ts) writes them into the HTML,
// so what paints first and what the app then draws cannot drift apart.

/** The landing page (docs/product-rules.md#signed-out-screens): hero and the three feature cards, in order. */
export const landingCopy = {
  title: 'Doppel: create your AI digital twin in minutes',
  badge: 'AI digital twins for creators',
  heading: 'Create your digital twin',
  headingHighlight: 'in minutes',
  lead: 'An AI version of you that chats with your fans by text and in your voice, and earns for you while you create.',
  cta: "Let's get started",
  features: [
    {
      key: 'chat',
      title: 'Chats like you',
      text: 'Your twin learns your tone, your interests and your facts, and talks with fans around the clock.',
    },
    {
      key: 'voice',
      title: 'Speaks in your voice',
      text: 'Fans unlock voice notes and photos you choose, so every conversation feels personal.',
    },
    {
      key: 'earn',
      title: 'Earn while you sleep',
      text: 'Fans pay credits per message and unlock. You keep 60 percent, paid out from 20 USD.',
    },
  ],
} as const;

export type LandingFeatureKey = (typeof landingCopy.features)[number]['key'];

/** The sign-in card's heading and lead, for everyone and for a fan sent from a chat. */
export const signInCopy = {
  default: { title: 'Sign in to Doppel', lead: 'Create your AI twin or pick up where you left off.' },
  fromChat: {
    title: 'Sign in to keep chatting',
    lead: 'Your chat, credits and purchases stay with your account, on every device. We’ll take you back to the chat.',
  },
} as const;
