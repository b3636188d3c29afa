// Take-down against the real app at phone size (docs/safety.md): a fan reports a twin from the
// chat's menu; an admin finds it in the Reports queue, hides the twin (the fan's chat then says it
// is under review), shows it again and closes the report with a note; the reporter is emailed twice.
import { describe, expect, it } from 'vitest';
import { openAdminUi } from './support/admin.ts';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { waitForChatOpen } from './support/fan-chat.ts';

const phone = { width: 390, height: 844 };

describe('reporting a twin', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  it('reports a twin from the chat menu on a phone, and an admin hides it and closes the report', async () => {
    // A twin of its own (made here in SQL, consent given), so hiding it leaves the demo twins alone.
    const stamp = Date.now().toString(36);
    const talentId = `rhea${stamp}`;
    const tag = `rhea${stamp}`;
    const reporter = `reporter-${stamp}@test.dev`;
    await sql`insert into talents (id, name, tag, consent_confirmed_at) values (${talentId}, 'Rhea Vale', ${tag}, now())`;
    await sql`insert into talent_configs (id) values (${talentId})`;

    const fan = await openPage(browser(), phone);
    await fan.page.goto(`/chat/${tag}`);
    await waitForChatOpen(fan.page, 'Rhea Vale');
    await fan.page.getByRole('button', { name: 'Chat options' }).click();
    await fan.page.getByRole('menuitem', { name: 'Report this twin' }).click();
    await fan.page.waitForURL(`**/report?twin=${tag}`);
    await fan.page.getByRole('heading', { name: 'Report a twin', level: 1 }).waitFor();
    expect(await fan.page.getByLabel("Twin's handle").inputValue()).toBe(tag);

    // Nothing chosen: the form says what is missing and sends nothing.
    await fan.page.getByRole('button', { name: 'Send report' }).click();
    await fan.page.getByText('Choose a reason', { exact: true }).waitFor();
    await fan.page.getByRole('radio', { name: 'Impersonation' }).check();
    await fan.page.getByLabel('What happened?').fill('This twin uses my face and my name without my permission.');
    await fan.page.getByLabel('Your email').fill(reporter);
    await fan.page.screenshot({ path: '/tmp/doppel-report-form.png' });
    await fan.page.getByRole('button', { name: 'Send report' }).click();
    await fan.page.getByText('Thank you, we received your report').waitFor();
    expect(await fan.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    const received = await sql<{ subject: string }[]>`select subject from dev_outbox_emails where "to" = ${reporter}`;
    expect(received.map((mail) => mail.subject)).toEqual(['We received your report about Rhea Vale']);

    // The admin, on a phone too: the open report is in the queue.
    const admin = await openPage(browser(), phone);
    await openAdminUi(admin.page);
    // By its address: on a phone the menu's last items sit below the fold of the burger's drawer,
    // where a click once landed on the page's skeleton behind it in a full run.
    await admin.page.goto('/reports');
    await admin.page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
    const row = admin.page.getByTestId('report-row').filter({ hasText: 'Rhea Vale' });
    await row.waitFor();
    expect(await row.textContent()).toContain(reporter);
    await admin.page.screenshot({ path: '/tmp/doppel-admin-reports.png' });
    await row.click();
    await admin.page.getByRole('heading', { name: 'Impersonation report', level: 2 }).waitFor();
    expect(pathOf(admin.page)).toMatch(/^\/reports\/.+/);
    expect(await admin.page.getByTestId('report-description').textContent()).toContain('uses my face');

    // Hide the twin from fans: the fan's chat now says it is under review.
    await admin.page.getByRole('button', { name: 'Hide from fans' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Hide twin' }).click();
    await admin.page.getByTestId('twin-hidden').first().waitFor();
    await fan.page.goto(`/chat/${tag}`);
    const unavailable = fan.page.getByTestId('chat-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.textContent()).toContain('This twin is unavailable while we review a report about it.');
    await fan.page.screenshot({ path: '/tmp/doppel-hidden-twin.png' });

    // Show it again, then close the report with a note.
    await admin.page.getByRole('button', { name: 'Show to fans again' }).click();
    await admin.page.getByTestId('twin-hidden').waitFor({ state: 'detached' });
    await admin.page.getByRole('button', { name: 'Close report' }).click();
    await admin.page.getByText('Write a note for the reporter', { exact: true }).waitFor();
    await admin.page.getByLabel('Note to the reporter').fill('We confirmed it with the creator and removed the pictures.');
    await admin.page.getByRole('button', { name: 'Close report' }).click();
    await admin.page.getByTestId('report-note').waitFor();
    expect(await admin.page.getByTestId('report-status').first().textContent()).toBe('Closed');
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await admin.page.screenshot({ path: '/tmp/doppel-admin-report-closed.png' });
    const mails = await sql<{ subject: string; text: string }[]>`
      select subject, text from dev_outbox_emails where "to" = ${reporter} order by created_at`;
    expect(mails.map((mail) => mail.subject)).toEqual([
      'We received your report about Rhea Vale',
      'Your report about Rhea Vale was reviewed',
    ]);
    expect(mails[1]?.text).toContain('removed the pictures');

    // The fan can chat with it again.
    await fan.page.goto(`/chat/${tag}`);
    await waitForChatOpen(fan.page, 'Rhea Vale');
    await admin.context.close();
    await fan.context.close();
  });
});
