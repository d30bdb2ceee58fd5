import { describe, expect, it } from 'vitest';
import { DESKTOP, signIn, withBrowsers } from './support/browser.ts';
import { asPerson, createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';

/** A buyer with a complete cart of their own, signed and submitted through the API: one more selection waiting for review. */
async function submittedSelection(label: string) {
  const buyer = await createBuyerWithCompleteCart({
    projectKey: 'demo',
    email: `queue-${label}-${Date.now()}@example.test`,
    password: 'Queue-pass-2026',
  });
  const calls = await asPerson(buyer);
  const cart = (await calls('GET', `/api/schema/carts/${buyer.cartId}`)).json as { _version: number; unit: string };
  const submitted = await calls('POST', `/api/carts/${buyer.cartId}/submit`, {
    signature: 'Queue Buyer',
    agree: true,
    _version: cart._version,
  });
  if (submitted.status !== 200) throw new Error(`not submitted: ${submitted.status}`);
  const unit = (await calls('GET', `/api/schema/units/${cart.unit}`)).json as { name: string };
  return { cartId: buyer.cartId, unit: unit.name };
}

describe('waiting for the design centre', () => {
  // At a desktop's width, the design centre's; the queue at a phone's width is the accessibility sweep's.
  for (const [width, viewport] of [['desktop', DESKTOP]] as const) {
    it(`${width}: approves two selections at once after saying which, and names what was done`, async () => {
      const [first, second] = [await submittedSelection(`a-${width}`), await submittedSelection(`b-${width}`)];
      const manager = await createManager();
      await withBrowsers(1, { viewport, isMobile: false }, async ([browser]) => {
        const page = browser!.page;
        await signIn(page, { email: manager.email, password: manager.password, next: '/manage' });
        const queue = page.getByTestId('review-queue');
        for (const { unit } of [first, second])
          await queue.getByRole('checkbox', { name: `Select unit ${unit}` }).check();
        await queue.getByRole('button', { name: 'Approve 2 selections' }).click();
        const confirm = page.getByTestId('confirm-approvals');
        await confirm.getByText(new RegExp(`Units: ${first.unit} and ${second.unit}`)).waitFor();
        await confirm.getByLabel('Comment for the buyers (optional)').fill('Approved together.');
        await confirm.getByRole('button', { name: 'Approve 2 selections' }).click();
        await queue.getByText('2 selections approved.').waitFor();
        for (const { unit } of [first, second])
          await expect.poll(() => queue.getByRole('checkbox', { name: `Select unit ${unit}` }).count()).toBe(0);
      });
    });
  }
});

describe('reminding buyers by hand', () => {
  it('reminds every buyer who has not submitted, after asking, and says how many', async () => {
    const manager = await createManager();
    await withBrowsers(1, { viewport: DESKTOP }, async ([browser]) => {
      const page = browser!.page;
      await signIn(page, { email: manager.email, password: manager.password, next: '/manage/carts' });
      await page.getByRole('button', { name: 'Remind buyers' }).click();
      await page.getByRole('menuitem', { name: 'Every buyer who has not submitted' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send reminders now?' });
      await dialog.getByText(/not yet submitted are mailed their deadline/).waitFor();
      await dialog.getByRole('button', { name: 'Send the reminders' }).click();
      await page
        .getByTestId('reminders-said')
        .getByText(/selections? reminded\.|No reminder was sent\./)
        .waitFor();
    });
  });
});
