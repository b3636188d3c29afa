export type LegalPage = 'terms' | 'privacy' | 'cookies';

type LegalDocument = { title: string; navLabel: string; intro: string; sections: { heading: string; text: string }[] };

const operatorNote =
  'This is placeholder text. The operator of this Doppel installation replaces it with their own legal text before launch.';

/** Placeholder legal text (issue 3): real pages, clearly marked for the operator to replace. */
export const legalDocuments: Record<LegalPage, LegalDocument> = {
  terms: {
    title: 'Terms of Service',
    navLabel: 'Terms',
    intro: operatorNote,
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
};
