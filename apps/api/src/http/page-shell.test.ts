import { describe, expect, it } from 'vitest';
import { chatShell, dashboardShell, landingShell, renderPage, signInShell } from './page-shell.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Doppel: create your AI digital twin in minutes." />
    <title>Doppel</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const mia = {
  name: 'Mia <Moreno>',
  tag: 'mia',
  pictureUrl: '/files/talents/t1/me.jpg',
  welcome: [
    { text: 'Hey you! 👋 "Lisbon" & more', images: [] },
    {
      text: 'Ask me anything',
      images: [{ url: '/media/static/t1/w2.0?unlocked=1', width: 800, height: 1000, isUnlocked: true }],
    },
  ],
};

describe('renderPage', () => {
  it("gives /chat/{tag} the twin's title, card tags with an absolute picture, and the welcome messages, all escaped", () => {
    const html = renderPage(template, chatShell('https://doppel.app', mia));
    expect(html).toContain('<title>Mia &lt;Moreno&gt; · AI twin on Doppel</title>');
    expect(html).toContain('<meta property="og:title" content="Mia &lt;Moreno&gt; · AI twin on Doppel" />');
    expect(html).toContain('<meta property="og:image" content="https://doppel.app/files/talents/t1/me.jpg" />');
    expect(html).toContain('<meta property="og:url" content="https://doppel.app/chat/mia" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(
      '<meta name="description" content="Chat with the AI twin of Mia &lt;Moreno&gt; on Doppel: “Hey you! 👋 &quot;Lisbon&quot; &amp; more”" />',
    );
    // One description: the template's is replaced, not repeated.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="page-shell" data-path="/chat/mia">');
    expect(html).toContain(
      '<p class="ps-bubble">Hey you! 👋 &quot;Lisbon&quot; &amp; more</p><p class="ps-bubble">Ask me anything</p>',
    );
    expect(html).not.toContain('<Moreno>');
    // The shell comes before the app's root, which stays empty for React.
    expect(html.indexOf('id="page-shell"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
  });

  it('cuts a long first welcome message to a description social apps show whole, and goes without a picture', () => {
    const shell = chatShell('https://doppel.app', {
      ...mia,
      pictureUrl: null,
      welcome: [{ text: 'word '.repeat(80), images: [] }],
    });
    expect(shell.head.description.length).toBeLessThanOrEqual(160);
    expect(shell.head.description.endsWith('…')).toBe(true);
    expect(shell.head.image).toBeUndefined();
    expect(renderPage(template, shell)).not.toContain('og:image');
  });

  it('says under the introduction, as the app does, that the twin is an AI and not the creator', () => {
    const { body } = chatShell('https://doppel.app', mia);
    expect(body).toContain(
      'You are chatting with an AI, not with Mia &lt;Moreno&gt; in person. Mia &lt;Moreno&gt; can read these chats. ',
    );
    // Where the app puts it: closing the introduction, before the first welcome message.
    expect(body.indexOf('ps-disclosure')).toBeLessThan(body.indexOf('</div><p class="ps-bubble">'));
  });

  it('says what the twin is when it has no welcome message', () => {
    expect(chatShell('https://doppel.app', { ...mia, name: 'Leo', welcome: [] }).head.description).toBe(
      'Chat with the AI twin of Leo on Doppel, by text and voice.',
    );
  });

  it('paints the landing hero and the sign-in title with their own head tags', () => {
    const landing = renderPage(template, landingShell('https://doppel.app'));
    expect(landing).toContain('Create your digital twin <span class="ps-gradient">in minutes</span>');
    expect(landing).toContain(`<a class="ps-button" href="/sign-in">Let's get started</a>`);
    expect(landing).toContain('<meta property="og:url" content="https://doppel.app/" />');
    const signIn = renderPage(template, signInShell('https://doppel.app', { google: true, apple: true }));
    expect(signIn).toContain('<title>Sign in to Doppel</title>');
    expect(signIn).toContain('data-path="/sign-in"');
    expect(signIn).toContain(
      '<h1>Sign in to Doppel</h1><p class="ps-dimmed">Create your AI twin or pick up where you left off.</p>',
    );
    expect(signIn).toContain(
      '<meta name="description" content="Sign in to Doppel with Google, Apple or a link sent to your email." />',
    );
  });

  it('paints on the sign-in card only the ways this server offers', () => {
    const emailOnly = renderPage(template, signInShell('https://doppel.app', { google: false, apple: false }));
    expect(emailOnly).toContain('Sign in to Doppel with a link sent to your email.');
    expect(emailOnly).toContain('Send magic link');
    expect(emailOnly).not.toContain('Google');
    expect(emailOnly).not.toContain('or use your email');
    const google = renderPage(template, signInShell('https://doppel.app', { google: true, apple: false }));
    expect(google).toContain('Continue with Google</span>');
    expect(google).not.toContain('Continue with Apple');
    expect(google).toContain('or use your email');
  });

  it('tells a fan sent from a chat what signing in does for them', () => {
    const fromChat = renderPage(template, signInShell('https://doppel.app', { google: false, apple: false }, true));
    expect(fromChat).toContain('<h1>Sign in to keep chatting</h1>');
    expect(fromChat).toContain('We’ll take you back to the chat.');
  });
});

describe('dashboardShell', () => {
  it("paints a signed-in page's title and description over grey blocks, escaped, in the dashboard's grey", () => {
    const html = renderPage(
      template,
      dashboardShell('https://doppel.app', {
        path: '/earnings',
        title: 'Earnings <&>',
        description: 'Month "by" month',
        look: 'creator',
      }),
    );
    expect(html).toContain('<div id="page-shell" class="ps-dashboard" data-path="/earnings">');
    expect(html).toContain('<h2>Earnings &lt;&amp;&gt;</h2><p class="ps-dimmed">Month &quot;by&quot; month</p>');
    expect(html).toContain('<title>Earnings &lt;&amp;&gt; · Doppel</title>');
    expect(html).toContain('<div class="ps-block" style="height:120px"></div>');
  });

  it("paints a page's first card as the app words it, its figure a grey block", () => {
    const html = renderPage(
      template,
      dashboardShell('https://doppel.app', {
        path: '/earnings',
        title: 'Earnings',
        look: 'creator',
        card: { label: 'Disbursable', note: 'Payouts start at <$20>.' },
      }),
    );
    expect(html).toContain(
      '<div class="ps-share"><p class="ps-share-title">Disbursable</p><div class="ps-block" style="height:36px"></div><p class="ps-dimmed ps-note">Payouts start at &lt;$20&gt;.</p></div>',
    );
  });

  it("paints a back-office page's title and description in its header card, beside the section's icon", () => {
    const html = renderPage(
      template,
      dashboardShell('https://doppel.app', { path: '/status', title: 'Status', description: 'Health', look: 'admin' }),
    );
    expect(html).toContain(
      '<div class="ps-head"><span class="ps-icon"></span><div><h2>Status</h2><p class="ps-dimmed">Health</p></div></div>',
    );
  });
});
