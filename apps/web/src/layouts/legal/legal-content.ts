export type LegalPage = 'terms' | 'privacy' | 'cookies' | 'safety';

type LegalDocument = {
  title: string;
  navLabel: string;
  intro: string;
  /** Placeholder text the operator replaces (marked on the page); the safety protocol is the product's own. */
  isPlaceholder: boolean;
  sections: { heading: string; text: string }[];
};

const operatorNote =
  'This is placeholder text. The operator of this Doppel installation replaces it with their own legal text before launch.';

/** Placeholder legal text (issue 3): real pages, clearly marked for the operator to replace. */
export const legalDocuments: Record<LegalPage, LegalDocument> = {
  terms: {
    title: 'Terms of Service',
    navLabel: 'Terms',
    intro: operatorNote,
    isPlaceholder: true,
    sections: [
      {
        heading: 'Your account',
        text: 'You must be at least 18 years old to create an AI twin. You are responsible for what your twin says in your name and for keeping your sign-in email secure.',
      },
      {
        heading: 'Your content',
        text: 'You keep the rights to the photos, voice samples and texts you upload. You allow us to use them to run your twin and to show it to fans.',
      },
      {
        heading: 'Earnings and payouts',
        text: 'Fans pay credits for messages and unlocks. Your share of the revenue and the payout rules are shown in the app and may change with notice.',
      },
      {
        heading: 'Acceptable use',
        text: 'No illegal content, no impersonation of other people, no content involving minors. We may suspend twins that break these rules.',
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    navLabel: 'Privacy',
    intro: operatorNote,
    isPlaceholder: true,
    sections: [
      {
        heading: 'What we collect',
        text: 'Your email address, the profile of your twin, the files you upload, and the conversations fans have with your twin.',
      },
      {
        heading: 'Why we collect it',
        text: 'To sign you in, to run and improve your twin, to pay you, and to keep the service safe.',
      },
      {
        heading: 'Your rights',
        text: 'You can ask for a copy of your data or for its deletion by writing to support.',
      },
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    navLabel: 'Cookies',
    intro: operatorNote,
    isPlaceholder: true,
    sections: [
      {
        heading: 'Cookies we set',
        text: 'One session cookie keeps you signed in. It is strictly necessary and is removed when you sign out.',
      },
      {
        heading: 'Local storage',
        text: 'The app remembers a referral link you opened and your interface choices in your browser.',
      },
    ],
  },
  safety: {
    title: 'Crisis protocol',
    navLabel: 'Safety',
    intro:
      'Doppel twins are AI companions, not people and not counsellors. When a fan writes about suicide or self-harm, this is what happens.',
    isPlaceholder: false,
    sections: [
      {
        heading: 'Every message is checked',
        text: 'Before a twin answers, every fan message is checked for signs of suicidal thoughts or self-harm: by a moderation service where one is set up, and always by a curated list of the ways people say it.',
      },
      {
        heading: 'The twin steps aside',
        text: 'When a message is caught, the twin does not answer in character. The fan gets a fixed, caring message from Doppel with crisis services for their country (988 in the United States and Canada, Samaritans on 116 123 in the UK and Ireland, or findahelpline.com elsewhere). That message is free.',
      },
      {
        heading: 'It stays that way for a while',
        text: 'If it happens again in the same conversation, the twin stays out of that chat for a time (24 hours unless the operator changed it): every message gets the caring message and the services instead of the twin.',
      },
      {
        heading: 'People review it',
        text: 'The conversation is flagged for the Doppel team to review, and the creator sees the flag in their conversation view. We count how often fans are referred to crisis services each month, without any message text, and report those numbers as the law asks.',
      },
      {
        heading: 'If you are in danger now',
        text: 'Call your local emergency number. You can reach the services below at any time, for free.',
      },
    ],
  },
};
