import type { Page } from 'playwright-core';

type InlineInputKind = 'Checkbox' | 'Radio' | 'Switch';

/**
 * Where a checkbox's, radio button's or switch's label sits against its control (box, dot or track):
 * `gap`, pixels from the control's right edge to the label's left edge; `sameRow`, whether the
 * label's middle lies within the control's height. Beside the control: gap >= 0 and sameRow.
 */
export async function labelPlacement(page: Page, kind: InlineInputKind, label: string) {
  const root = page.locator(`.mantine-${kind}-root`).filter({ hasText: label }).first();
  const control = root.locator(kind === 'Switch' ? '.mantine-Switch-track' : `.mantine-${kind}-inner`).first();
  const text = root.locator(`.mantine-${kind}-label`).first();
  await text.waitFor();
  const [box, words] = await Promise.all([control.boundingBox(), text.boundingBox()]);
  if (!box || !words) throw new Error(`no ${kind} "${label}" on screen`);
  const middle = words.y + words.height / 2;
  return { gap: Math.round(words.x - (box.x + box.width)), sameRow: middle >= box.y - 4 && middle <= box.y + box.height + 4 };
}
