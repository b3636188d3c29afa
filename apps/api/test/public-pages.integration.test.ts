// The pages the server sends for the public routes, over the real server and database: /chat/{tag}
// carries the twin's name, picture and welcome messages and its card tags (also for a link-preview
// crawler that asks with Accept: */*), / and /sign-in their own; other routes get the plain page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { talents } from '@doppel/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, createCaller, seedPeople, signIn, startApi } from './harness.ts';

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Doppel: create your AI digital twin in minutes." />
    <title>Doppel</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let distDir: string;
let api: Api;
let ava: { id: string } | undefined;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'doppel-pages-'));
  writeFileSync(join(distDir, 'index.html'), page);
  api = await startApi({ env: { WEB_DIST_DIR: distDir } });
  [ava] = await api.database.db
    .insert(talents)
    .values({
      name: 'Ava Stone',
      tag: 'AvaStone',
      profilePictureUrl: 'talents/ava/profile.jpg',
      initialChatMessages: [
        { id: 'w1', text: 'Hi, I am Ava <3' },
        {
          id: 'w2',
          text: 'Ask me about climbing',
          attachments: [
            { type: 'IMAGE', filePath: 'talents/ava/crag.jpg', dimensions: { width: 800, height: 600 }, isUnlocked: false },
          ],
        },
      ],
    })
    .returning({ id: talents.id });
});
afterAll(async () => {
  await api?.close();
  rmSync(distDir, { recursive: true, force: true });
});

let seeding: ReturnType<typeof seedPeople> | undefined;
/** The access tests' users, seeded once for the file. */
const seededPeople = () => {
  seeding ??= seedPeople(api);
  return seeding;
};

async function html(path: string, accept = 'text/html,application/xhtml+xml', cookie?: string) {
  const response = await fetch(`${api.url}${path}`, { headers: { accept, ...(cookie ? { cookie } : {}) } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

describe('public pages', () => {
  it("sends /chat/{tag} with the twin's first paint and card tags, whatever the tag's case", async () => {
    const answer = await html('/chat/avastone');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.body).toContain('<title>Ava Stone · AI twin on Doppel</title>');
    expect(answer.body).toContain(`<meta property="og:image" content="${api.url}/files/talents/ava/profile.jpg" />`);
    expect(answer.body).toContain(`<meta property="og:url" content="${api.url}/chat/AvaStone" />`);
    expect(answer.body).toContain('<p class="ps-bubble">Hi, I am Ava &lt;3</p><p class="ps-bubble">Ask me about climbing</p>');
    // A locked welcome picture is shown as the messenger shows it: its blurred copy, at the same address.
    expect(answer.body).toContain(
      `<img class="ps-media" src="/media/static/${ava?.id}/w2.0" style="aspect-ratio:800 / 600" alt="Locked, from Ava Stone" />`,
    );
    expect(answer.body).toContain('<div id="root"></div>');
  });

  it('answers a link-preview crawler that accepts anything with the same card', async () => {
    const answer = await html('/chat/AvaStone', '*/*');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<meta property="og:title" content="Ava Stone · AI twin on Doppel" />');
  });

  it('gives / and /sign-in their own first paint, and every other page the plain one', async () => {
    expect((await html('/')).body).toContain('Create your digital twin');
    expect((await html('/sign-in')).body).toContain('<div id="page-shell" data-path="/sign-in">');
    for (const path of ['/chat/nobody-has-this', '/chat/a/b', '/dashboard']) {
      const answer = await html(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toBe(page);
    }
    // Not a page: an unknown address asked for by a script stays a 404.
    expect((await html('/nothing.json', 'application/json')).status).toBe(404);
  });

  it("keeps the landing page's first paint off `/` for a signed-in creator or admin, whose `/` is another page", async () => {
    const people = await seededPeople();
    // The creator's `/` is their dashboard, painted as such (issue 33); an admin's depends on the
    // admin switch, which only the browser knows: the plain page.
    const creator = await signIn(api, people.creatorA.email as string);
    const creatorHome = await html('/', undefined, creator.cookie());
    expect(creatorHome.status).toBe(200);
    expect(creatorHome.body).toContain('<div id="page-shell" class="ps-dashboard" data-path="/">');
    expect(creatorHome.body).toContain('<h2>Your dashboard</h2>');
    // The home's share card, with the twin's own name and link, is there before any script.
    expect(creatorHome.body).toContain(`Fans chat with ${people.talentA.name}, your twin, at this link.`);
    expect(creatorHome.body).toContain(`<p class="ps-link-box">${api.url}/chat/${people.talentA.tag}</p>`);
    expect(creatorHome.body).not.toContain('Create your digital twin');
    const admin = await signIn(api, people.admin.email as string);
    expect((await html('/', undefined, admin.cookie())).body).toBe(page);
    // An anonymous fan (who only ever chatted) and a stale cookie still see the landing page's paint.
    const anonymousFan = createCaller(api);
    await anonymousFan.client.chat.open.mutate({ talentTag: 'talent_a' });
    expect((await html('/', undefined, anonymousFan.cookie())).body).toContain('<div id="page-shell" data-path="/">');
    expect((await html('/', undefined, 'doppel_session=forged.token')).body).toContain('<div id="page-shell" data-path="/">');
  });

  it("paints a creator's and an admin's first pages for them alone (issue 33)", async () => {
    const people = await seededPeople();
    const creator = (await signIn(api, people.creatorA.email as string)).cookie();
    const admin = (await signIn(api, people.admin.email as string)).cookie();
    const fan = (await signIn(api, people.fan.email as string)).cookie();
    const conversations = await html('/conversations', undefined, creator);
    expect(conversations.body).toContain('<div id="page-shell" class="ps-dashboard" data-path="/conversations">');
    expect(conversations.body).toContain('<h2>Conversations</h2>');
    expect(conversations.body).toContain('<title>Conversations · Doppel</title>');
    expect((await html('/earnings/', undefined, creator)).body).toContain('<h2>Earnings</h2>');
    expect((await html('/payments', undefined, admin)).body).toContain('<h2>Payments</h2>');
    expect((await html('/status', undefined, admin)).body).toContain('<h2>Status</h2>');
    // Nobody else gets them: a visitor, a fan who manages no twin, a creator at a back-office address.
    for (const [path, cookie] of [
      ['/conversations', undefined],
      ['/conversations', fan],
      ['/status', creator],
      ['/payments', 'doppel_session=forged.token'],
    ] as const) {
      expect((await html(path, undefined, cookie)).body, `${path} ${cookie ?? 'visitor'}`).toBe(page);
    }
  });
});
