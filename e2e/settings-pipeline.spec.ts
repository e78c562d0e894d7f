import { expect, signIn, test } from './fixtures';

// Issue 39, item 7: Settings → Pipeline's "No answer after [ 30 ] days" is one compact line at a
// phone's width and a desktop's: the number box holds a few digits (it spanned the whole card)
// and "days" sits beside it (it fell to the line below).

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px "No answer after [ 30 ] days" is one line with a small box`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${server.url}/settings`);
    await signIn(page);
    const card = page.getByRole('region', { name: 'Pipeline' });
    const days = card.getByRole('textbox', { name: 'No answer after' });
    await expect(days).toHaveValue('30');
    const label = card.getByText('No answer after', { exact: true });
    const unit = card.getByText('days', { exact: true });
    const [box, labelBox, unitBox, cardBox] = await Promise.all(
      [days, label, unit, card].map((l) => l.boundingBox()),
    );
    if (!box || !labelBox || !unitBox || !cardBox) throw new Error('a part has no box');
    // Room for "365" and its padding, not the card's width.
    expect(box.width).toBeLessThanOrEqual(96);
    expect(box.width).toBeGreaterThanOrEqual(48);
    // The label, the box and "days" in that order on one line: each one's middle inside the box's
    // height, and "days" right after the box.
    for (const part of [labelBox, unitBox]) {
      const middle = part.y + part.height / 2;
      expect(middle).toBeGreaterThan(box.y);
      expect(middle).toBeLessThan(box.y + box.height);
    }
    expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(box.x);
    expect(unitBox.x).toBeGreaterThanOrEqual(box.x + box.width);
    expect(unitBox.x - (box.x + box.width)).toBeLessThan(24);
    expect(unitBox.x + unitBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  });
}
