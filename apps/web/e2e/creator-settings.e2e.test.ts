import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { encodePng } from './support/png.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The demo creator (creator@doppel.dev) edits every settings page of the twin Mia in one browser while
// a second browser, signed in as the same creator, shows each change live; a reload shows it stored.
// Each test puts Mia back the way the seed made her, since other e2e files chat with her.

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/doppel-settings-${name}.png`, fullPage: true });
const live = { timeout: 20_000, interval: 200 };

/** Waits until an input's value is `value` (live updates arrive without a reload). */
const expectValue = (locator: Locator, value: string) => expect.poll(() => locator.inputValue(), live).toBe(value);
const saved = (page: Page) => page.getByText('Saved!', { exact: true }).first().waitFor();

describe('creator settings', () => {
  const browser = useBrowser();
  let signedIn: StorageState;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // One session for the file, reused from an earlier file when it can be (five links per email in
    // 15 minutes, and the suite signs the demo creator in from many files); both browsers share it.
    const { context, page } = await openPage(browser(), { width: 430, height: 900 });
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    signedIn = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  /** The editing browser (phone-sized) and the watching one (desktop), both on `path`. */
  async function twoBrowsers(path: string, ready: (page: Page) => Promise<void>): Promise<[Page, Page]> {
    const pages: Page[] = [];
    for (const viewport of [
      { width: 430, height: 900 },
      { width: 1280, height: 900 },
    ]) {
      const context = await browser().newContext({ baseURL: inject('baseUrl'), viewport, storageState: signedIn });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(path);
      await ready(page);
      pages.push(page);
    }
    return pages as [Page, Page];
  }

  it('reaches every settings page from the menu', async () => {
    const { context, page } = await openPage(browser());
    await context.addCookies(signedIn.cookies);
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    for (const [label, path, heading] of [
      ['Profile', '/settings/profile', 'Profile'],
      ['Gallery', '/settings/gallery', 'Gallery'],
      ['Voice', '/settings/voice', 'Voice'],
      ['Welcome messages', '/settings/welcome-messages', 'Welcome messages'],
      ['Conversation starters', '/settings/conversation-starters', 'Conversation starters'],
      ['Monetisation', '/settings/monetisation', 'Monetisation'],
    ] as const) {
      await page.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL('**/settings');
    }
    await shot(page, 'menu');
    await context.close();
  });

  it('profile: a new name and a fact are saved, shown live elsewhere and kept after a reload', async () => {
    const [editor, watcher] = await twoBrowsers('/settings/profile', (page) =>
      page.getByLabel('Name', { exact: true }).waitFor(),
    );
    const name = editor.getByLabel('Name', { exact: true });
    const facts = editor.getByLabel('Facts');
    const originalFacts = await facts.inputValue();
    expect(await name.inputValue()).toBe('Mia Moreno');

    // The custom chat prompt shows a counter against the documented maximum (the text is put back).
    const promptSwitch = editor.getByRole('switch', { name: /Custom chat prompt/ });
    const hadCustomPrompt = await promptSwitch.isChecked();
    if (!hadCustomPrompt) await promptSwitch.check({ force: true });
    const prompt = editor.getByRole('textbox', { name: 'Chat prompt', exact: true });
    const originalPrompt = await prompt.inputValue();
    await prompt.fill('Talk like Mia.');
    await editor.getByText('14 / 4,000 characters').waitFor();
    await prompt.fill(originalPrompt);
    await editor.getByText(`${originalPrompt.length.toLocaleString('en-US')} / 4,000 characters`).waitFor();
    if (!hadCustomPrompt) await promptSwitch.uncheck({ force: true });

    await name.fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Required', { exact: true }).first().waitFor();

    await name.fill('Mia Moreno Live');
    await facts.fill(`${originalFacts}\nPlays the cavaquinho on Sundays`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await shot(editor, 'profile');

    const watchedName = watcher.getByLabel('Name', { exact: true });
    await expectValue(watchedName, 'Mia Moreno Live');
    await expect.poll(() => watcher.getByLabel('Facts').inputValue(), live).toContain('Plays the cavaquinho on Sundays');
    await shot(watcher, 'profile-live');

    await editor.reload();
    await expectValue(name, 'Mia Moreno Live');
    expect((await facts.inputValue()).split('\n')).toContain('Plays the cavaquinho on Sundays');

    // Back to the seed.
    await name.fill('Mia Moreno');
    await facts.fill(originalFacts);
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await expectValue(watchedName, 'Mia Moreno');
  });

  it('gallery: uploads a batch (a bad file reported), edits the context in the full-screen editor and deletes', async () => {
    const tiles = (page: Page) => page.getByTestId('gallery-tile');
    const [editor, watcher] = await twoBrowsers('/settings/gallery', (page) => tiles(page).first().waitFor());
    const before = await tiles(editor).count();

    const png = encodePng(48, 32, (x, y) => [20 + x * 4, 120 + y * 3, 200]);
    await editor.getByLabel('Gallery image files').setInputFiles([
      { name: 'e2e-sunset.png', mimeType: 'image/png', buffer: png },
      { name: 'not-an-image.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a picture') },
    ]);
    const failures = editor.getByRole('alert').filter({ hasText: '1 of 2 images could not be uploaded' });
    await failures.waitFor();
    expect(await failures.textContent()).toContain('not-an-image.png');
    await expect.poll(() => tiles(editor).count(), live).toBe(before + 1);
    await expect.poll(() => tiles(watcher).count(), live).toBe(before + 1);
    await shot(editor, 'gallery-upload');

    // The new image is last; it opens the editor through ?attachmentId=.
    const tile = tiles(editor).last();
    const id = await tile.getAttribute('data-attachment-id');
    expect(id).toBeTruthy();
    expect(await tile.getByText('No context yet').count()).toBe(1);
    await tile.getByRole('button', { name: /^Open/ }).click();
    await editor.waitForURL((url) => url.searchParams.get('attachmentId') === id);
    const dialog = editor.getByTestId('gallery-editor');
    await dialog.waitFor();
    await dialog.getByText(`${before + 1} of ${before + 1} · e2e-sunset.png`).waitFor();

    const context = dialog.getByLabel('Context');
    await context.fill('ab');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Context must be at least 3 characters long').waitFor();
    await context.fill('x'.repeat(41));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Context must be less than 40 characters').waitFor();
    await context.fill('Sunset test card');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Updated Context', { exact: true }).waitFor();
    await shot(editor, 'gallery-editor');
    await watcher.locator(`[data-attachment-id="${id}"]`).getByText('Sunset test card').waitFor();

    // Previous and next walk the gallery; the last image has no next.
    expect(await dialog.getByRole('button', { name: 'Next image' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Previous image' }).click();
    await editor.waitForURL((url) => url.searchParams.get('attachmentId') !== id);
    await dialog.getByText(`${before} of ${before + 1}`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await editor.waitForURL((url) => url.searchParams.get('attachmentId') === id);

    // A reload at the address opens the same image with its stored context.
    await editor.reload();
    await expectValue(editor.getByTestId('gallery-editor').getByLabel('Context'), 'Sunset test card');
    await editor.getByRole('button', { name: 'Close editor' }).click();
    await editor.waitForURL((url) => !url.searchParams.has('attachmentId'));

    // Delete from the context menu, after confirming.
    const added = editor.locator(`[data-attachment-id="${id}"]`);
    await added.getByRole('button', { name: 'Image actions' }).click();
    await editor.getByRole('menuitem', { name: 'Delete' }).click();
    await editor.getByRole('dialog', { name: 'Delete this image?' }).waitFor();
    await editor.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => tiles(editor).count(), live).toBe(before);
    await expect.poll(() => tiles(watcher).count(), live).toBe(before);
  });

  it('voice: "No voice" first, a preview plays and stops, "Choose Voice" saves and shows everywhere', async () => {
    const [editor, watcher] = await twoBrowsers('/settings/voice', (page) => page.getByRole('radio').first().waitFor());
    const radios = editor.getByRole('radio');
    expect(await radios.first().getAttribute('value')).toBe('');
    expect(await editor.getByRole('radio', { name: 'No voice' }).count()).toBe(1);
    expect(await editor.getByRole('radio', { name: /Rachel/ }).isChecked(), 'the seeded voice').toBe(true);
    expect(await editor.getByRole('radio', { name: /Adam/ }).count(), 'only voices of the twin’s gender').toBe(0);

    await editor.getByRole('button', { name: 'Play Bella' }).click();
    await editor.getByRole('button', { name: 'Stop Bella' }).click();
    await editor.getByRole('button', { name: 'Play Bella' }).waitFor();

    await editor.getByRole('radio', { name: /Bella/ }).check();
    await editor.getByRole('button', { name: 'Choose Voice' }).click();
    await saved(editor);
    await shot(editor, 'voice');
    await expect.poll(() => watcher.getByRole('radio', { name: /Bella/ }).isChecked(), live).toBe(true);

    await editor.reload();
    await expect.poll(() => editor.getByRole('radio', { name: /Bella/ }).isChecked(), live).toBe(true);

    await editor.getByRole('radio', { name: /Rachel/ }).check();
    await editor.getByRole('button', { name: 'Choose Voice' }).click();
    await expect.poll(() => watcher.getByRole('radio', { name: /Rachel/ }).isChecked(), live).toBe(true);
  });

  it('welcome messages: a third message with an image is added, the first cannot be removed', async () => {
    const rows = (page: Page) => page.getByTestId('welcome-row');
    const [editor, watcher] = await twoBrowsers('/settings/welcome-messages', (page) => rows(page).first().waitFor());
    expect(await rows(editor).count()).toBe(2);
    expect(await editor.getByRole('button', { name: 'Remove message 1' }).count(), 'the first stays').toBe(0);

    await editor.getByRole('button', { name: 'Add message' }).click();
    expect(await editor.getByRole('button', { name: 'Add message' }).isDisabled(), 'three at most').toBe(true);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Required', { exact: true }).first().waitFor();
    await editor.getByRole('textbox', { name: 'Message 3', exact: true }).fill('Ask me about my paella 🥘');
    await editor
      .getByLabel('Image file for message 3')
      .setInputFiles({ name: 'paella.png', mimeType: 'image/png', buffer: encodePng(40, 40, (x) => [240, 160 + x, 40]) });
    await editor.getByRole('img', { name: 'Image of message 3' }).waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await shot(editor, 'welcome');

    await expect.poll(() => rows(watcher).count(), live).toBe(3);
    await expectValue(watcher.getByRole('textbox', { name: 'Message 3', exact: true }), 'Ask me about my paella 🥘');
    await watcher.getByRole('img', { name: 'Image of message 3' }).waitFor();

    await editor.reload();
    await expectValue(editor.getByRole('textbox', { name: 'Message 3', exact: true }), 'Ask me about my paella 🥘');
    await editor.getByRole('img', { name: 'Image of message 3' }).waitFor();

    await editor.getByRole('button', { name: 'Remove message 3' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await expect.poll(() => rows(watcher).count(), live).toBe(2);
  });

  it('conversation starters: "Answered by AI" starts on; with it off a static answer is saved', async () => {
    const rows = (page: Page) => page.getByTestId('starter-row');
    const [editor, watcher] = await twoBrowsers('/settings/conversation-starters', (page) => rows(page).first().waitFor());
    const toggle = (page: Page) => page.getByRole('switch', { name: 'Answered by AI' });
    expect(await toggle(editor).isChecked(), 'no starter has an answer').toBe(true);
    expect(await rows(editor).count()).toBe(3);
    expect(await editor.getByRole('button', { name: 'Add question' }).isDisabled(), 'three at most').toBe(true);
    expect(
      await editor.getByRole('textbox', { name: 'Answer 1', exact: true }).count(),
      'answers hidden while the AI answers',
    ).toBe(0);
    const third = await editor.getByRole('textbox', { name: 'Question 3', exact: true }).inputValue();

    await editor.getByRole('button', { name: 'Remove question 3' }).click();
    await editor.getByRole('button', { name: 'Add question' }).click();
    await editor.getByRole('textbox', { name: 'Question 3', exact: true }).fill('What is your favourite beach?');
    await toggle(editor).uncheck({ force: true });
    await editor.getByRole('textbox', { name: 'Answer 3', exact: true }).fill('Praia da Ursa, no contest.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await shot(editor, 'starters');

    await expectValue(watcher.getByRole('textbox', { name: 'Question 3', exact: true }), 'What is your favourite beach?');
    await expect.poll(() => toggle(watcher).isChecked(), live).toBe(false);
    await expectValue(watcher.getByRole('textbox', { name: 'Answer 3', exact: true }), 'Praia da Ursa, no contest.');

    await editor.reload();
    await expectValue(editor.getByRole('textbox', { name: 'Answer 3', exact: true }), 'Praia da Ursa, no contest.');
    expect(await toggle(editor).isChecked(), 'off, since a starter has an answer').toBe(false);

    // Back to the seed: the original question, answered by the AI (answers are then not sent).
    await editor.getByRole('textbox', { name: 'Question 3', exact: true }).fill(third);
    await toggle(editor).check({ force: true });
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await expect.poll(() => toggle(watcher).isChecked(), live).toBe(true);
    await expectValue(watcher.getByRole('textbox', { name: 'Question 3', exact: true }), third);
  });

  it('monetisation: prices show their USD equivalent while typing and are saved', async () => {
    const [editor, watcher] = await twoBrowsers('/settings/monetisation', (page) =>
      page.getByLabel('Cost per message').waitFor(),
    );
    const message = editor.getByLabel('Cost per message');
    expect(await message.inputValue()).toBe('1');
    expect(await editor.getByTestId('creditsToUnlockImage-usd').textContent()).toBe('= $0.50');

    await message.fill('0');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('The price must be at least 1 credit').waitFor();

    await message.fill('4');
    await editor.getByTestId('creditsToSendMessage-usd').filter({ hasText: '= $0.40' }).waitFor();
    await editor.getByLabel('Cost per audio').fill('12');
    await editor.getByTestId('creditsToUnlockAudio-usd').filter({ hasText: '= $1.20' }).waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await shot(editor, 'monetisation');

    await expectValue(watcher.getByLabel('Cost per message'), '4');
    await watcher.getByTestId('creditsToSendMessage-usd').filter({ hasText: '= $0.40' }).waitFor();
    await expectValue(watcher.getByLabel('Cost per audio'), '12');

    await editor.reload();
    await expectValue(editor.getByLabel('Cost per message'), '4');
    expect(pathOf(editor)).toBe('/settings/monetisation');

    await editor.getByLabel('Cost per message').fill('1');
    await editor.getByLabel('Cost per audio').fill('3');
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await expectValue(watcher.getByLabel('Cost per message'), '1');
  });

  it('monetisation: the subscription price is refused outside the admins’ limits and saved inside them', async () => {
    const [editor, watcher] = await twoBrowsers('/settings/monetisation', (page) =>
      page.getByLabel('Subscription price').waitFor(),
    );
    const price = editor.getByLabel('Subscription price');
    expect(await price.inputValue()).toBe('$9.99');
    await editor.getByText('Between $4.99 and $49.99 a month.', { exact: false }).waitFor();

    // The server holds the price to the limits too; the form says it first, on the field.
    await price.fill('50');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Choose a price between $4.99 and $49.99').waitFor();

    await price.fill('12.5');
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await shot(editor, 'subscription-price');
    await expectValue(watcher.getByLabel('Subscription price'), '$12.50');

    // Back to the seed's price: fan-purchases subscribes to Mia at $9.99.
    await price.fill('9.99');
    await editor.getByRole('button', { name: 'Save' }).click();
    await saved(editor);
    await expectValue(watcher.getByLabel('Subscription price'), '$9.99');
  });
});
