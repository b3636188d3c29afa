// The pages the server sends for the public routes `/`, `/sign-in` and `/chat/{tag}`: the built
// index.html with the route's title, description, Open Graph and Twitter card tags, and a first
// paint of the route's content in plain HTML (a shell), so a phone on a slow connection shows the
// page before any script has arrived, a browser without JavaScript can read it, and a link shared
// in a social app becomes a card. The app takes over by removing the shell once it has painted the
// same content (apps/web/src/shell/page-shell.ts). Pure: unit-tested in page-shell.test.ts.
import type { TwinPreview, TwinShare } from '@doppel/domain/chat';
import { escapeHtml } from '@doppel/domain/html';
import { landingCopy, signInCopy } from '@doppel/validation';

export type PageHead = {
  title: string;
  description: string;
  /** The page's absolute address (og:url, canonical). */
  url: string;
  /** An absolute image address for the card. */
  image?: string;
  imageAlt?: string;
};

export type PageShell = {
  /** The route the shell paints; the app removes the shell at once on any other route. */
  path: string;
  head: PageHead;
  /** The shell's inner HTML, already escaped. */
  body: string;
  /** A class of the shell's own look (the dashboard's grey), if any. */
  className?: string;
};

/** Longest description social apps show in full. */
const descriptionMax = 160;

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

// The shell borrows the app's look (font stack, brand violet, the messenger's bubbles), so the
// swap to the app is not seen as a jump. Fixed over the app's root, which stays empty until then.
const shellStyle = `<style>
#page-shell{position:fixed;inset:0;z-index:300;overflow:auto;background:#fff;color:#1a1b1e;font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;line-height:1.55;-webkit-font-smoothing:antialiased}
#page-shell *{box-sizing:border-box}
#page-shell .ps-main{max-width:720px;margin:0 auto;padding:40px 16px;text-align:center}
#page-shell .ps-badge{display:inline-block;padding:4px 14px;border-radius:999px;background:#f5f0ff;color:#6c35d1;font-size:14px;font-weight:700;text-transform:uppercase;letter-spacing:.02em}
#page-shell h1{font-size:40px;line-height:1.05;letter-spacing:-1.5px;margin:24px 0}
#page-shell .ps-gradient{background:linear-gradient(120deg,#6c35d1,#f06595);-webkit-background-clip:text;background-clip:text;color:transparent}
#page-shell .ps-lead{font-size:20px;color:#636b74;margin:0 auto 24px;max-width:560px}
#page-shell .ps-button{display:inline-block;padding:12px 28px;border-radius:999px;background:linear-gradient(120deg,#6c35d1,#f06595);color:#fff;font-weight:600;text-decoration:none}
#page-shell .ps-features{display:grid;gap:16px;margin-top:48px;text-align:left}
#page-shell .ps-feature{padding:20px;border-radius:16px;background:#f5f0ff}
#page-shell .ps-feature h2{font-size:18px;margin:0 0 4px}
#page-shell .ps-feature p,#page-shell .ps-dimmed{color:#636b74;font-size:14px;margin:0}
#page-shell .ps-header{display:flex;align-items:center;gap:10px;padding:10px 16px;border-bottom:1px solid #e9ecef;font-weight:700}
#page-shell .ps-chat{max-width:720px;margin:0 auto;padding:24px 16px}
#page-shell .ps-intro{display:flex;flex-direction:column;align-items:center;gap:4px;text-align:center;margin-bottom:24px}
#page-shell .ps-avatar{border-radius:999px;object-fit:cover;background:#f5f0ff}
#page-shell .ps-disclosure{font-size:12px;max-width:340px}
#page-shell .ps-link{color:#6c35d1;text-decoration:underline}
#page-shell .ps-intro .ps-name{font-size:18px;font-weight:700;line-height:1.55;letter-spacing:0;margin:6px 0 0}
#page-shell .ps-media{display:block;width:min(240px,62vw);margin:0 0 8px;border-radius:18px;object-fit:cover;background:#e9ecef}
#page-shell .ps-bubble{max-width:80%;margin:0 0 8px;padding:8px 14px;border-radius:18px;background:#f1f3f5;white-space:pre-wrap;overflow-wrap:anywhere}
#page-shell .ps-top{display:flex;align-items:center;gap:8px;height:64px;padding:16px;font-size:20px;font-weight:800}
#page-shell .ps-logo{width:32px;height:32px;border-radius:8px;background:linear-gradient(120deg,#6c35d1,#f06595)}
#page-shell .ps-center{padding:24px 16px}
#page-shell .ps-card{display:flex;flex-direction:column;gap:20px;max-width:420px;margin:0 auto;padding:20px;border:1px solid #dee2e6;border-radius:16px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.05),0 20px 25px -5px rgba(0,0,0,.05),0 10px 10px -5px rgba(0,0,0,.04);text-align:left}
#page-shell .ps-card h1{font-size:26px;line-height:1.35;letter-spacing:0;margin:0}
#page-shell .ps-card .ps-dimmed{margin-top:4px}
#page-shell .ps-form{display:flex;flex-direction:column;gap:16px}
#page-shell .ps-label{display:block;font-weight:600}
#page-shell .ps-input{height:42px;padding-left:40px;border:1px solid #ced4da;border-radius:8px;color:#adb5bd;line-height:40px}
#page-shell .ps-submit{display:block;height:42px;border-radius:32px;line-height:42px;text-align:center;font-weight:600}
#page-shell .ps-primary{background:#7e43ea;color:#fff}
#page-shell .ps-outline{border:1px solid #ced4da;background:#fff}
#page-shell .ps-dark{background:#2e2e2e;color:#fff}
#page-shell .ps-or{color:#636b74;font-size:12px;text-align:center;margin:0}
#page-shell .ps-terms{color:#636b74;font-size:12px;line-height:1.4;text-align:center;margin:0}
#page-shell .ps-terms span{color:#7e43ea;text-decoration:underline}
#page-shell.ps-dashboard{background:#f8f9fa}
#page-shell .ps-bar{display:flex;align-items:center;justify-content:center;height:60px;background:#fff;border-bottom:1px solid #dee2e6;font-weight:700;font-size:18px}
#page-shell .ps-page{max-width:960px;margin:0 auto;padding:16px}
#page-shell .ps-page h2{font-size:22px;line-height:1.2;margin:0}
#page-shell .ps-page p{margin:4px 0 16px}
#page-shell .ps-block{border-radius:12px;background:#e9ecef;margin:0 0 12px}
#page-shell .ps-share{margin:0 0 12px;padding:20px;border:1px solid #dee2e6;border-radius:16px;background:#fff}
#page-shell .ps-page .ps-share p{margin:0 0 12px}
#page-shell .ps-page .ps-share .ps-share-title{margin:0 0 4px;font-weight:700}
#page-shell .ps-note{font-size:12px}
#page-shell .ps-page .ps-share .ps-link-box{margin:0;padding:6px 12px;border:1px solid #dee2e6;border-radius:8px;background:#f8f9fa;font:14px/1.55 ui-monospace,monospace;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
#page-shell .ps-admin{padding:16px 20px 20px}
#page-shell .ps-head{display:flex;align-items:center;gap:12px;margin:0 0 20px;padding:20px;border:1px solid #dee2e6;border-radius:16px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.05)}
#page-shell .ps-head>div{min-width:0}
#page-shell .ps-icon{flex:none;width:40px;height:40px;border-radius:8px;background:#e6dcfd}
#page-shell .ps-head h2{font-size:26px;line-height:1.35;margin:0}
#page-shell .ps-head .ps-dimmed{margin:0}
@media (min-width:48em){#page-shell .ps-page h2{font-size:28px}#page-shell .ps-center{padding:64px 16px}#page-shell .ps-card{padding:32px}}
@media (min-width:48em){#page-shell h1{font-size:60px}#page-shell .ps-main{padding:80px 16px}#page-shell .ps-features{grid-template-columns:repeat(3,1fr);margin-top:80px}}
</style>`;

/** Inserts the route's head tags and shell into the built index.html. */
export function renderPage(template: string, shell: PageShell): string {
  const { head } = shell;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    `<meta property="og:site_name" content="Doppel" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    ...(head.image
      ? [
          `<meta property="og:image" content="${escapeHtml(head.image)}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.imageAlt ?? head.title)}" />`,
          `<meta name="twitter:image" content="${escapeHtml(head.image)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    shellStyle,
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="page-shell"${shell.className ? ` class="${escapeHtml(shell.className)}"` : ''} data-path="${escapeHtml(shell.path)}">${shell.body}</div>\n    <div id="root"></div>`,
    );
}

/** Our own words as element content: only what would start markup is escaped, so "Let's" stays as written. */
const htmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `/`: the landing page's hero and features, in landingCopy's words as layouts/public/landing-page.tsx shows them. */
export function landingShell(publicUrl: string): PageShell {
  const features = landingCopy.features
    .map(({ title, text }) => `<div class="ps-feature"><h2>${htmlText(title)}</h2><p>${htmlText(text)}</p></div>`)
    .join('');
  return {
    path: '/',
    head: {
      title: landingCopy.title,
      description: landingCopy.lead,
      url: new URL('/', publicUrl).href,
    },
    body:
      `<main class="ps-main"><span class="ps-badge">${htmlText(landingCopy.badge)}</span>` +
      `<h1>${htmlText(landingCopy.heading)} <span class="ps-gradient">${htmlText(landingCopy.headingHighlight)}</span></h1>` +
      `<p class="ps-lead">${htmlText(landingCopy.lead)}</p>` +
      `<a class="ps-button" href="/sign-in">${htmlText(landingCopy.cta)}</a>` +
      `<div class="ps-features">${features}</div></main>`,
  };
}

/**
 * `/sign-in`: the page's card as the app lays it out (layouts/public/sign-in-page.tsx), with the
 * same words, sizes and places, so the app's card replaces it without a jump and paints nothing
 * larger: its largest text is the page's largest paint. The field and buttons work once the app
 * runs; without JavaScript the card says what is needed. A fan sent from a chat (`?next=/chat/…`)
 * is told what signing in does for them, as the page tells them.
 */
export function signInShell(publicUrl: string, providers: { google: boolean; apple: boolean }, fromChat = false): PageShell {
  // Only the ways this server offers, as the page itself shows them.
  const ways = [providers.google && 'Google', providers.apple && 'Apple', 'a link sent to your email'].filter(Boolean);
  const choice = ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}`;
  const { title, lead } = fromChat ? signInCopy.fromChat : signInCopy.default;
  const buttons = [
    providers.google && '<span class="ps-submit ps-outline">Continue with Google</span>',
    providers.apple && '<span class="ps-submit ps-dark">Continue with Apple</span>',
  ].filter(Boolean);
  const offered = buttons.length
    ? `<div class="ps-form" style="gap:12px">${buttons.join('')}</div><p class="ps-or">or use your email</p>`
    : '';
  return {
    path: '/sign-in',
    head: {
      title: signInCopy.default.title,
      description: `Sign in to Doppel with ${choice}.`,
      url: new URL('/sign-in', publicUrl).href,
    },
    body:
      `<header class="ps-top"><span class="ps-logo"></span>Doppel</header>` +
      `<main class="ps-center"><div class="ps-card"><div><h1>${htmlText(title)}</h1><p class="ps-dimmed">${htmlText(lead)}</p></div>${offered}` +
      `<div class="ps-form"><div><span class="ps-label">Email</span><div class="ps-input">you@example.com</div></div>` +
      `<span class="ps-submit ps-primary">Send magic link</span></div>` +
      `<p class="ps-terms">By continuing you agree to our <span>Terms of Service</span>, our <span>Privacy Policy</span> and our <span>Cookie Policy</span>.</p>` +
      `<noscript><p class="ps-dimmed">Signing in needs JavaScript: please turn it on for this site.</p></noscript></div></main>`,
  };
}

/** `/chat/{tag}`: the twin's header, introduction and welcome messages, as the messenger opens. */
export function chatShell(publicUrl: string, twin: TwinPreview): PageShell {
  const name = escapeHtml(twin.name);
  const picture = twin.pictureUrl ? new URL(twin.pictureUrl, publicUrl).href : undefined;
  const avatar = (size: number) =>
    picture
      ? `<img class="ps-avatar" src="${escapeHtml(picture)}" width="${size}" height="${size}" alt="" />`
      : `<span class="ps-avatar" style="display:inline-block;width:${size}px;height:${size}px"></span>`;
  const bubbles = twin.welcome
    .map(({ text, images }) => {
      const pictures = images.map(
        (image) =>
          `<img class="ps-media" src="${escapeHtml(image.url)}" style="aspect-ratio:${image.width} / ${image.height}" alt="${
            image.isUnlocked ? `From ${name}` : `Locked, from ${name}`
          }" />`,
      );
      return `${text.trim() ? `<p class="ps-bubble">${escapeHtml(text)}</p>` : ''}${pictures.join('')}`;
    })
    .join('');
  const firstWords = twin.welcome.find((message) => message.text.trim())?.text;
  const about = `Chat with the AI twin of ${twin.name} on Doppel`;
  return {
    path: `/chat/${encodeURIComponent(twin.tag)}`,
    head: {
      title: `${twin.name} · AI twin on Doppel`,
      description: cut(firstWords ? `${about}: “${firstWords}”` : `${about}, by text and voice.`, descriptionMax),
      url: new URL(`/chat/${encodeURIComponent(twin.tag)}`, publicUrl).href,
      ...(picture ? { image: picture, imageAlt: twin.name } : {}),
    },
    body:
      `<header class="ps-header">${avatar(32)}<span>${name}</span></header>` +
      `<main class="ps-chat"><div class="ps-intro">${avatar(76)}<h1 class="ps-name">${name}</h1>` +
      `<p class="ps-dimmed">The AI twin of ${name}</p>` +
      // The app's AI disclosure (ai-disclosure.tsx), in its place and size, so the hand-over does
      // not move the welcome messages; its "What does this mean?" opens a dialog once the app runs.
      `<p class="ps-dimmed ps-disclosure">You are chatting with an AI, not with ${name} in person. ${name} can read these chats. <span class="ps-link">What does this mean?</span></p></div>${bubbles}` +
      `<noscript><p class="ps-dimmed">Chatting with ${name} needs JavaScript: please turn it on for this site.</p></noscript></main>`,
  };
}

/**
 * A creator's or an admin's page, as the app titles it (apps/web layouts/talent, layouts/admin):
 * the creator's pages put the title and description at the top of the page, the back-office's in
 * a header card beside the section's icon (AdminPageHeader).
 */
export type DashboardPage = {
  path: string;
  title: string;
  description?: string;
  look: 'creator' | 'admin';
  /** The home's "Share your AI twin" card, under a block where the day's summary comes. */
  share?: TwinShare;
  /** A card as the page's first one words it: its label, a block for its figure, its note. */
  card?: { label: string; note: string };
};

/**
 * A signed-in page (issue 33): the dashboard's bar, the page's title and description, and grey
 * blocks where its content comes, painted before any script; the page removes it once it has
 * rendered under it (apps/web/src/shell/page-shell.ts). Never indexed: the page is one user's.
 */
export function dashboardShell(publicUrl: string, page: DashboardPage): PageShell {
  const blocks = [120, 72, 72, 72].map((height) => `<div class="ps-block" style="height:${height}px"></div>`).join('');
  return {
    path: page.path,
    className: 'ps-dashboard',
    head: {
      title: `${page.title} · Doppel`,
      description: page.description ?? 'Your Doppel dashboard.',
      url: new URL(page.path, publicUrl).href,
    },
    body: `<header class="ps-bar">Doppel</header>${page.look === 'admin' ? adminMain(page, blocks) : creatorMain(page, blocks)}`,
  };
}

const noScript = `<noscript><p class="ps-dimmed">Your dashboard needs JavaScript: please turn it on for this site.</p></noscript>`;
const descriptionOf = (page: DashboardPage) => (page.description ? escapeHtml(page.description) : '&nbsp;');

function creatorMain(page: DashboardPage, blocks: string): string {
  return (
    `<main class="ps-page" aria-busy="true"><h2>${escapeHtml(page.title)}</h2>` +
    `<p class="ps-dimmed">${descriptionOf(page)}</p>${page.share ? shareCard(page.share) : ''}${page.card ? figureCard(page.card) : ''}${blocks}${noScript}</main>`
  );
}

/** A figure card (Earnings' Disbursable) as the app words it, its figure a grey block until the app has it. */
function figureCard({ label, note }: { label: string; note: string }): string {
  return (
    `<div class="ps-share"><p class="ps-share-title">${escapeHtml(label)}</p>` +
    `<div class="ps-block" style="height:36px"></div><p class="ps-dimmed ps-note">${escapeHtml(note)}</p></div>`
  );
}

/** The home's share card as the app words it (layouts/talent/home/talent-home.tsx), after a block for the day. */
function shareCard({ name, shareUrl }: TwinShare): string {
  return (
    `<div class="ps-block" style="height:240px"></div><div class="ps-share"><p class="ps-share-title">Share your AI twin</p>` +
    `<p class="ps-dimmed">Fans chat with ${escapeHtml(name)}, your twin, at this link.</p>` +
    `<p class="ps-link-box">${escapeHtml(shareUrl)}</p></div>`
  );
}

/** The back-office's header card: as wide, and its description wrapped, as the app's. */
function adminMain(page: DashboardPage, blocks: string): string {
  return (
    `<main class="ps-admin" aria-busy="true"><div class="ps-head"><span class="ps-icon"></span><div><h2>${escapeHtml(page.title)}</h2>` +
    `<p class="ps-dimmed">${descriptionOf(page)}</p></div></div>${blocks}${noScript}</main>`
  );
}
