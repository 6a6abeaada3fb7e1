import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// The rich-text editor (decision 0007, issue 19 §5): its editing area looks like the public page
// (font, heading weight and size, link colour), and the link prompt opens at the selection, inside
// the editor, on a desktop and on a phone.

const CONTENT =
  '<h2>Mirror our trades</h2><p>Join <a href="https://example.com/join">the copy trade</a> and follow every trade we take, today.</p><ul><li>One</li><li>Two</li></ul>';

async function writeContent(page: Page): Promise<{ editor: Locator; preview: Locator }> {
  await page.goto('/CopyTradeManagement');
  await page.getByRole('button', { name: 'HTML', exact: true }).click();
  await page.getByRole('textbox', { name: 'HTML source' }).fill(CONTENT);
  await page.getByRole('button', { name: 'Visual editor', exact: true }).click();
  await page.getByRole('button', { name: 'Show preview' }).click();
  return {
    editor: page.getByRole('textbox', { name: 'Content' }),
    preview: page.getByRole('region', { name: 'Preview' }),
  };
}

/** The computed styles that make rich text look as it does. */
function looks(element: Locator) {
  return element.evaluate((node) => {
    const style = node.ownerDocument.defaultView!.getComputedStyle(node);
    return {
      fontFamily: style.fontFamily,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      color: style.color,
      textDecoration: style.textDecorationLine,
    };
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px, the editor writes as the page reads, and the link prompt opens at the selection`, async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { editor, preview } = await writeContent(page);

    const [writtenHeading, readHeading] = [editor.locator('h2'), preview.locator('h2', { hasText: 'Mirror' })];
    await expect(writtenHeading).toHaveText('Mirror our trades');
    const heading = await looks(writtenHeading);
    expect(Number(heading.fontWeight)).toBeGreaterThanOrEqual(700);
    expect(heading).toEqual(await looks(readHeading));
    expect(await looks(editor.locator('p').first())).toEqual(await looks(preview.locator('p', { hasText: 'Join' })));
    expect(await looks(editor.locator('a'))).toEqual(
      await looks(preview.getByRole('link', { name: 'the copy trade' })),
    );
    // The list's text starts where the page's does, from the left edge of its text block.
    const indent = async (root: Locator) => {
      const [item, block] = await Promise.all([
        root.locator('li').first().boundingBox(),
        root.locator('p', { hasText: 'Join' }).boundingBox(),
      ]);
      return Math.round(item!.x - block!.x);
    };
    expect(Math.abs((await indent(editor)) - (await indent(preview)))).toBeLessThanOrEqual(2);

    // Select "today", before the paragraph's full stop, and ask for a link.
    const paragraph = editor.locator('p').first();
    await paragraph.click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+Control+ArrowLeft');
    // The selection's box, read in the page (the spec's TypeScript has no DOM library).
    const selection = await paragraph.evaluate((node) => {
      const range = node.ownerDocument.getSelection()!.getRangeAt(0).getBoundingClientRect();
      return { x: range.x, right: range.right, bottom: range.bottom };
    });
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const prompt = page.locator('.rich-text-editor .ql-tooltip.ql-editing');
    await expect(prompt).toBeVisible();
    const box = (await prompt.boundingBox())!;
    // The editor of the language shown: the other tab's is mounted but hidden.
    const area = (await page.getByRole('tabpanel').locator('.rich-text-editor').boundingBox())!;
    // Within the editor, and within the screen.
    expect(box.x).toBeGreaterThanOrEqual(area.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width + 1);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // Just under the selection, and over it horizontally (not pinned at the left edge).
    expect(box.y).toBeGreaterThanOrEqual(selection.bottom - 1);
    expect(box.y - selection.bottom).toBeLessThan(40);
    expect(box.x).toBeLessThanOrEqual(selection.right);
    expect(box.x + box.width).toBeGreaterThanOrEqual(selection.x);
    // Centred on the selection where there is room for it (on a phone it fills the editor's width).
    if (width === 1280) expect(Math.abs(box.x + box.width / 2 - (selection.x + selection.right) / 2)).toBeLessThan(8);

    await prompt.getByRole('textbox').fill('https://example.com/today');
    await page.keyboard.press('Enter');
    await expect(editor.locator('a[href="https://example.com/today"]')).toHaveText('today');
  });
}
