import { describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, origin, PHONE, signIn } from './support/browser.ts';
import { addCoBuyer, createBuyerWithCompleteCart, createManager, placeChoicesInRooms } from './support/fixtures.ts';

/**
 * Talking on a selection (docs/comments.md): a buyer and a co-buyer on phones and the design
 * centre on a desktop, three browsers at once. Messages arrive without a reload, unread counts
 * show where each person starts, and the staff's notes never reach a buyer's screen.
 */
describe('a selection’s conversation', () => {
  it('carries messages between the buyers and the design centre live, with unread counts, a line and a mention; notes stay with the staff', async () => {
    const owner = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `talks-${Date.now()}@example.test`,
      password: 'Owner-pass-2026',
    });
    await placeChoicesInRooms(owner.cartId);
    const coBuyer = await addCoBuyer({ cartId: owner.cartId, name: 'Jordan Partner' });
    const manager = await createManager();
    const [buyer, partner, staff] = await Promise.all([
      openBrowser({ viewport: PHONE, isMobile: true }),
      openBrowser({ viewport: PHONE, isMobile: true }),
      openBrowser({ viewport: DESKTOP }),
    ]);
    try {
      await signIn(staff.page, {
        email: manager.email,
        password: manager.password,
        next: `/manage/carts/${owner.cartId}`,
      });
      const staffThread = staff.page.getByTestId('conversation');
      await staffThread.getByText('No messages yet.').waitFor();

      await signIn(buyer.page, { email: owner.email, password: owner.password, next: `/config/${owner.cartId}` });
      const buyerThread = buyer.page.getByTestId('conversation');
      await buyerThread.getByText(/No messages yet/).waitFor();
      await buyerThread.getByLabel('About').click();
      const line = buyer.page.getByRole('option').nth(1);
      const lineName = (await line.textContent())!;
      await line.click();
      // Whoever is told hears of it on screen at once, by mail after the digest's wait: the field says so.
      await buyerThread
        .getByText('by mail if it is still unread after 10 minutes (at most one mail an hour', { exact: false })
        .waitFor();
      await buyerThread.getByLabel('Tell someone').click();
      await buyer.page.getByRole('option', { name: new RegExp(manager.name) }).click();
      await buyer.page.keyboard.press('Escape');
      await buyerThread.getByLabel('Your message').fill('Could the floor here be a shade darker?');
      await buyerThread.getByRole('button', { name: 'Send' }).click();
      await buyerThread.getByTestId('comment').getByText('Could the floor here be a shade darker?').waitFor();
      await expect.poll(() => buyerThread.getByLabel('Your message').inputValue()).toBe('');

      // The design centre's open page shows it without a reload, about its line and telling them.
      const arrived = staffThread.getByTestId('comment').filter({ hasText: 'Could the floor here be a shade darker?' });
      await arrived.waitFor();
      await arrived.getByText(lineName).waitFor();
      await arrived.getByText(`For ${manager.name}`).waitFor();

      // The co-buyer starts on My home: one new message, which leads to the conversation.
      await signIn(partner.page, { email: coBuyer.email, password: coBuyer.password, next: '/' });
      const unread = partner.page.getByTestId('unread-messages');
      await unread.getByText('1 new message').waitFor();
      await unread.getByRole('link').click();
      await partner.page.getByTestId('conversation').getByText('Could the floor here be a shade darker?').waitFor();

      // A note the buyers never see, and an answer both buyers get live.
      const notes = staff.page.getByTestId('staff-notes');
      await notes.getByLabel('New note').fill('Offered the walnut at cost: check with purchasing.');
      await notes.getByRole('button', { name: 'Add the note' }).click();
      await notes.getByTestId('staff-note').getByText('Offered the walnut at cost').waitFor();
      await staffThread.getByLabel('Your message').fill('Yes: Herringbone Walnut fits. Shall we switch?');
      await staffThread.getByRole('button', { name: 'Send' }).click();
      for (const page of [buyer.page, partner.page]) {
        const answer = page
          .getByTestId('conversation')
          .getByTestId('comment')
          .filter({ hasText: 'Herringbone Walnut fits' });
        await answer.waitFor();
        await answer.getByText('Design centre').waitFor();
        expect(await page.getByText('Offered the walnut at cost').count()).toBe(0);
      }
      // The design centre read everything on the open page: nothing waits on its first page.
      await staff.page.goto(`${origin()}/manage`);
      await staff.page.getByTestId('messages-waiting').getByText('No unread messages.').waitFor();
      for (const browser of [buyer, partner, staff]) expect(browser.consoleErrors).toEqual([]);
    } finally {
      await Promise.all([buyer, partner, staff].map((browser) => browser.close()));
    }
  });
});
