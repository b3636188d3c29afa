// The admin back-office against the real app (issue "Admin back-office"): the demo admin creates a
// talent, invites its manager who signs in and lands on its dashboard, and edits its settings while
// the manager watches them change live; creates a global FAQ (a bad row first) that then scores in
// the prompt log of a fan's reply, whose thumbs down shows in Reactions; puts a twin on Discover
// and finds it on /discover; accepts a waitlisted newcomer from Users; runs a health check.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { waitForChatOpen } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Replies and live updates arrive within a second or two; the waits are generous for a loaded machine.
const liveTimeoutMs = 30_000;
const twinSelector = '[data-testid="chat-message"][data-kind="message"][data-sender="TALENT"]';

/** Waits for the success toast (a notification, role alert). */
async function savedToast(page: Page): Promise<void> {
  await page.getByRole('alert').filter({ hasText: 'Saved!' }).first().waitFor();
}

/** Saves the form and waits for the success toast. */
async function saveAndConfirm(page: Page, scope: ReturnType<Page['locator']> | Page = page): Promise<void> {
  await scope.getByRole('button', { name: 'Save', exact: true }).click();
  await savedToast(page);
}

/** A fan sends a message and waits for the twin's answer to it. */
async function fanSends(page: Page, text: string): Promise<void> {
  const before = await page.locator(twinSelector).count();
  const field = page.getByRole('textbox', { name: 'Message' });
  await field.fill(text);
  await field.press('Enter');
  await page.waitForFunction(
    ({ css, count }) => document.querySelectorAll(css).length >= count,
    { css: twinSelector, count: before + 1 },
    {
      timeout: liveTimeoutMs,
    },
  );
}

describe('admin back-office', () => {
  const browser = useBrowser();
  let adminSession: Awaited<ReturnType<BrowserContext['storageState']>>;
  const sql = useDatabase();
  beforeAll(async () => {
    // The admin signs in once (sign-in links are rate-limited per email and per address, and every
    // browser test shares one server); each test opens a context with that session.
    const { context, page } = await openPage(browser());
    await openAdminUi(page);
    adminSession = await context.storageState();
    await context.close();
  });

  /** The signed-in admin in a fresh context, on the admin UI. */
  async function openAdmin() {
    const opened = await openPage(browser(), undefined, adminSession);
    await opened.page.goto('/status');
    await opened.page.getByTestId('admin-menu').waitFor();
    return opened;
  }

  it('creates a talent, invites its manager, and edits its settings live on the manager’s dashboard', async () => {
    const admin = await openAdmin();
    // Each section is its own chunk, fetched when the section is first opened.
    const loadedScripts = () =>
      admin.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(
      (await loadedScripts()).filter((path) => path.includes('talents-section')),
      'Talents not loaded on Status',
    ).toEqual([]);
    await openAdminSection(admin.page, 'Talents', '/talents');
    expect(
      (await loadedScripts()).some((path) => /\/assets\/talents-section-[\w-]+\.js$/.test(path)),
      'Talents arrives as its own chunk',
    ).toBe(true);
    await admin.page.getByRole('link', { name: 'Create talent' }).click();
    // The list's "Search by name" must not take the name: wait for the create page first.
    await admin.page.waitForURL('**/talents/create');
    await admin.page.getByLabel('Name', { exact: true }).fill('Nova Vega');
    await admin.page.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.page.waitForURL(/\/talents\/(?!create$)[a-z0-9]+$/);
    await savedToast(admin.page);
    await admin.page.getByRole('heading', { name: 'Nova Vega', level: 2 }).waitFor();

    // Managers tab: invite by email (trimmed and lower-cased by the server).
    await admin.page.getByRole('tab', { name: 'Managers' }).click();
    const invite = admin.page.getByRole('form', { name: 'Invite a manager' });
    await invite.getByLabel('Email').fill('  Nova@Doppel.dev ');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await admin.page.getByText('Invitation sent.').first().waitFor();
    const invitation = admin.page.locator('[data-testid="talent-invitation-row"][data-email="nova@doppel.dev"]');
    await invitation.getByTestId('talent-invitation-status').getByText('Pending').waitFor();

    // The invited person signs in with that email and lands on the twin's dashboard.
    const manager = await openPage(browser(), { width: 390, height: 844 });
    await signInWithMagicLink(manager.page, 'nova@doppel.dev');
    await manager.page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    await manager.page.getByText('Fans chat with Nova Vega, your twin,').waitFor();
    // The admin's list follows: the invitation is accepted and a manager appears, without a reload.
    await invitation.getByTestId('talent-invitation-status').getByText('Accepted').waitFor({ timeout: liveTimeoutMs });
    await admin.page.locator('[data-testid="talent-manager-row"]').first().waitFor();

    // Settings: the admin renames the twin; the manager's dashboard shows it live.
    await admin.page.getByRole('tab', { name: 'Settings' }).click();
    const settings = admin.page.getByRole('form', { name: 'Talent settings' });
    await settings.getByLabel('Name', { exact: true }).fill('Nova Star');
    await settings.getByLabel('Tag', { exact: true }).fill('novastar');
    await saveAndConfirm(admin.page, settings);
    await manager.page.getByText('Fans chat with Nova Star, your twin,').waitFor({ timeout: liveTimeoutMs });
    await admin.page.screenshot({ path: '/tmp/doppel-admin-talent.png', fullPage: true });
    await manager.page.screenshot({ path: '/tmp/doppel-admin-talent-manager.png' });

    // The list finds it by any case of its name.
    await openAdminSection(admin.page, 'Talents', '/talents');
    await admin.page.getByLabel('Search by name', { exact: true }).fill('nova s');
    await admin.page.locator('[data-testid="talent-row"]').filter({ hasText: 'Nova Star' }).waitFor();
    await admin.context.close();
    await manager.context.close();
  });

  it('creates a global FAQ that a fan’s reply scores, and shows the fan’s thumbs down in Reactions', async () => {
    const admin = await openAdmin();
    await openAdminSection(admin.page, 'FAQ', '/faqs');
    await admin.page.getByRole('link', { name: 'Create FAQ' }).click();
    await admin.page.waitForURL('**/faqs/create');
    await admin.page.getByLabel('Name', { exact: true }).fill('Merch');
    await admin.page.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.page.waitForURL(/\/faqs\/(?!create$)[a-z0-9]+$/);
    await savedToast(admin.page);

    // A question without its answer: the form names the row and nothing is saved.
    const question = 'Do you ship your merch worldwide?';
    const data = admin.page.getByLabel('Data');
    await data.fill(`Q: ${question}\nQ: What sizes are there?`);
    await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.page.getByText('Invalid answer at row 2').waitFor();
    await data.fill(`Q: ${question}\nA: Yes, my merch ships worldwide within a week.`);
    await saveAndConfirm(admin.page);

    // A fan asks it, and answers the reply with a thumbs down.
    const fan = await openPage(browser(), { width: 390, height: 844 });
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    await fanSends(fan.page, question);
    await fan.page.locator(twinSelector).first().getByRole('button', { name: 'Bad answer' }).click();
    const dialog = fan.page.getByRole('dialog', { name: 'What could be better?' });
    await dialog.getByLabel('Feedback').fill('Tell me the shipping price too.');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Reactions lists thumbs down by default, newest first; the detail shows the prompt log.
    await openAdminSection(admin.page, 'Reactions', '/reactions');
    const row = admin.page.locator('[data-testid="reaction-row"]').filter({ hasText: 'Tell me the shipping price too.' });
    await row.waitFor({ timeout: liveTimeoutMs });
    expect(await row.getAttribute('data-reaction')).toBe('THUMBS_DOWN');
    await row.click();
    await admin.page.waitForURL(/\/reactions\/[a-z0-9]+\/[a-z0-9]+$/);
    await admin.page.getByTestId('reaction-detail-feedback').getByText('Tell me the shipping price too.').waitFor();
    const faqScores = admin.page.getByTestId('prompt-faq');
    await faqScores.getByText(question).waitFor();
    await admin.page.screenshot({ path: '/tmp/doppel-admin-reaction.png', fullPage: true });
    await admin.context.close();
    await fan.context.close();
  });

  it('puts a twin on Discover, accepts a waitlisted newcomer and shows the model checks', async () => {
    const admin = await openAdmin();

    // Discover: a twin that finished onboarding (made here in SQL) is added by its id, then put on
    // the discover feed; visitors find it on /discover. The demo twins are on Discover already.
    const zaraId = `zara${Date.now()}`;
    // Its creator confirmed consent at onboarding: no twin is published without it (docs/safety.md).
    await sql`insert into talents (id, name, tag, consent_confirmed_at) values (${zaraId}, 'Zara Quinn', 'zaraquinn', now())`;
    await sql`insert into talent_configs (id) values (${zaraId})`;
    await openAdminSection(admin.page, 'Discover', '/public-talents');
    await admin.page.getByRole('link', { name: 'Add talent' }).click();
    await admin.page.waitForURL('**/public-talents/create');
    await admin.page.getByLabel('Talent ID', { exact: true }).fill(zaraId);
    await admin.page.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.page.waitForURL(`**/public-talents/${zaraId}`);
    await savedToast(admin.page);
    await admin.page.getByRole('switch', { name: /Discover feed/ }).check();
    await saveAndConfirm(admin.page);
    const visitor = await openPage(browser(), { width: 390, height: 844 });
    await visitor.page.goto('/discover');
    await visitor.page.getByTestId('discover-twin').filter({ hasText: 'Mia Moreno' }).waitFor();
    const twins = await visitor.page.getByTestId('discover-twin').allTextContents();
    expect(
      twins.findIndex((text) => text.includes('Zara Quinn')),
      'the new entry comes after the demo ones',
    ).toBeGreaterThan(twins.findIndex((text) => text.includes('Mia Moreno')));
    await visitor.page
      .getByTestId('discover-twin')
      .filter({ hasText: 'Zara Quinn' })
      .getByRole('link', { name: 'Chat with Zara' })
      .click();
    await visitor.page.waitForURL('**/chat/zaraquinn');
    await visitor.context.close();

    // A newcomer joins the waitlist; the admin finds them under "Waitlist - Pending" and accepts.
    const email = `applicant-${Date.now()}@example.com`;
    const newcomer = await openPage(browser(), { width: 390, height: 844 });
    await signInWithMagicLink(newcomer.page, email);
    await newcomer.page.getByRole('heading', { name: 'Join the waitlist' }).waitFor();
    await newcomer.page.getByRole('radio', { name: 'Instagram' }).check();
    await newcomer.page.getByLabel('Your Instagram handle').fill('applicant.art');
    await newcomer.page.getByRole('checkbox').check();
    await newcomer.page.getByRole('button', { name: 'Join Waitlist' }).click();
    await newcomer.page.getByRole('heading', { name: 'You are on the waitlist' }).waitFor();

    await openAdminSection(admin.page, 'Users', '/users');
    expect(await admin.page.getByRole('combobox', { name: 'Filter' }).inputValue()).toBe('Waitlist - Pending');
    const applicant = admin.page.locator('[data-testid="admin-row"]').filter({ hasText: email });
    await applicant.waitFor({ timeout: liveTimeoutMs });
    await applicant.getByTestId('user-name').click();
    await admin.page.waitForURL(/\/users\/[a-z0-9]+$/);
    const form = admin.page.getByRole('form', { name: 'Edit user' });
    await form.getByRole('combobox', { name: 'Waitlist status' }).click();
    await admin.page.getByRole('option', { name: 'Accepted' }).click();
    await saveAndConfirm(admin.page, form);
    await admin.page.getByText('The user was emailed that they are in.').waitFor();
    const welcome = await sql<
      { subject: string }[]
    >`select subject from dev_outbox_emails where "to" = ${email} and subject like ${"You're in%"}`;
    expect(welcome, 'the accepted applicant is emailed once that they are in').toHaveLength(1);
    await newcomer.page.reload();
    await newcomer.page.getByRole('heading', { name: 'What should we call your AI twin?' }).waitFor();
    expect(pathOf(newcomer.page)).toBe('/name');
    await newcomer.context.close();

    // Status: a check runs through the worker; the offline engine shows healthy and labelled.
    await openAdminSection(admin.page, 'Status', '/status');
    await admin.page.getByRole('button', { name: 'Check now' }).click();
    const offline = admin.page.locator('[data-testid="model-health-row"][data-model="offline"]');
    await offline.waitFor({ timeout: liveTimeoutMs });
    await offline.getByRole('img', { name: 'Healthy', exact: true }).waitFor();
    await offline.getByText('Offline engine').waitFor();
    await admin.page.screenshot({ path: '/tmp/doppel-admin-status.png', fullPage: true });

    // Emulator (development): the outbox and the database's state.
    await admin.page.getByTestId('admin-menu').getByText('Emulator', { exact: true }).click();
    await admin.page.waitForURL('**/dev/outbox');
    await admin.page.getByTestId('database-state').getByText('up', { exact: true }).waitFor();
    await admin.context.close();
  });
});
