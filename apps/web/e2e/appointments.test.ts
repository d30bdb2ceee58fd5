import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { isoDayOf } from '@decor/core';
import { openBrowser, origin, PHONE, signIn } from './support/browser.ts';
import { addCoBuyer, asPerson, createBuyerWithCompleteCart, createManager, setLanguage } from './support/fixtures.ts';
import { waitForMail, type StoredMail } from './support/mail-files.ts';

/**
 * Booking a meeting with the design centre on a phone (docs/appointments.md): a buyer books from
 * My home, their co-buyer receives the invitation in French, the buyer moves it and every
 * calendar gets the same meeting with the next SEQUENCE, the consultant finds it in the week view
 * and opens the selection, and a change after the cut-off is refused in words.
 */
const invitationOf = (mail: StoredMail) => {
  expect(mail.calendars).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(mail.calendars[0]!));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  };
};

describe('appointments', () => {
  it('books from My home, invites the co-buyer, moves it, shows it to the consultant, and refuses a late change in words', async () => {
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `booking-${Date.now().toString(36)}@example.test`,
      password: 'Booking-buyer-2026',
    });
    const coBuyer = await addCoBuyer({ cartId: buyer.cartId, name: 'Camille Co-Buyer' });
    await setLanguage(coBuyer.email, 'fr-CA');
    // A consultant of their own (a new manager, every day 07:00–21:00), so this journey's times are theirs.
    const consultant = await createManager();
    const manager = await asPerson(consultant);
    const staff = (await manager('GET', '/api/manage/consultants/staff')).json as Array<{ id: string; email: string }>;
    const made = await manager('POST', '/api/manage/consultants', {
      userId: staff.find((person) => person.email === consultant.email)!.id,
      place: 'Studio B',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '21:00' })),
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const theirs = (page: import('playwright-core').Page) =>
      page.getByTestId('slot').filter({ hasText: consultant.name });

    const { page, close } = await openBrowser({ viewport: PHONE });
    try {
      await signIn(page, { email: buyer.email, password: buyer.password, next: '/' });
      await page.getByTestId('next-appointment').getByRole('link', { name: 'Book your appointment' }).click();
      await page.waitForURL((url) => url.pathname === '/appointments');
      await page.getByRole('radio', { name: /Final review/ }).check();
      await page.getByText(/^Times are in Vancouver/).waitFor();
      // Journeys share the demo's consultant: a slot another took meanwhile is said in words, and the next is tried.
      let booked = false;
      for (let attempt = 0; attempt < 5 && !booked; attempt++) {
        await theirs(page)
          .nth(1 + attempt * 3)
          .click();
        await page.getByTestId('slot-confirm').getByRole('button', { name: 'Book it' }).click();
        booked = await page
          .getByTestId('booked')
          .waitFor({ timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
      }
      expect(booked).toBe(true);
      const when = (await page.getByTestId('appointment').getByTestId('appointment-when').textContent())!;

      // The co-buyer, who reads French, is invited to the same meeting.
      const invited = await waitForMail(coBuyer.email, /^Confirmé\u00a0: Revue finale, /);
      const first = invitationOf(invited);
      expect(first).toMatchObject({ method: 'REQUEST', sequence: 0 });
      expect(invited.text).toContain(`${origin()}/appointments`);

      // The buyer moves it: the same UID, the next SEQUENCE, to every attendee.
      await page.getByRole('button', { name: 'Move it' }).click();
      await theirs(page).nth(2).click();
      await page.getByTestId('slot-confirm').getByRole('button', { name: 'Move it here' }).click();
      await page.getByTestId('booked').waitFor();
      const moved = invitationOf(await waitForMail(coBuyer.email, /^Déplacé\u00a0: Revue finale/));
      expect(moved).toMatchObject({ method: 'REQUEST', uid: first.uid, sequence: 1 });
      expect(moved.start).not.toBe(first.start);
      expect(await page.getByTestId('appointment-when').first().textContent()).not.toBe(when);

      // A change after the cut-off: the kind now closes changes a month ahead, while the page is open.
      const kinds = (await manager('GET', '/api/appointment-types')).json as Array<Record<string, unknown>>;
      const kind = kinds.find((entry) => (entry.names as { en: string }).en === 'Final review')!;
      const { id, name: _name, ...rules } = kind;
      const closed = await manager('PUT', `/api/manage/appointment-types/${id as string}`, {
        ...rules,
        cancelMinutes: 43_200,
      });
      expect(closed.status).toBe(200);
      try {
        const cancel = page.getByRole('button', { name: 'Cancel the appointment' });
        await cancel.click();
        await page.getByRole('button', { name: 'Click again to cancel it' }).click();
        await page
          .getByRole('alert')
          .getByText(/^Changes to this appointment closed on .+: please call the design centre\.$/)
          .waitFor();
        await page.reload();
        await page.getByText('Changes have closed: please call the design centre.').waitFor();
        expect(await page.getByRole('button', { name: 'Cancel the appointment' }).count()).toBe(0);
      } finally {
        await manager('PUT', `/api/manage/appointment-types/${id as string}`, rules);
      }

      // The consultant opens the week holding it, and the selection from it.
      await page.context().clearCookies();
      const day = isoDayOf(moved.start, 'America/Vancouver');
      await signIn(page, { ...consultant, next: `/manage/appointments?day=${day}` });
      const card = page.getByTestId('appointment').filter({ hasText: 'Camille Co-Buyer' });
      await card.waitFor();
      await card.getByRole('link', { name: 'Open the selection' }).click();
      await page.waitForURL((url) => url.pathname === `/manage/carts/${buyer.cartId}`);
      await page.getByTestId('appointment').filter({ hasText: 'Final review' }).first().waitFor();
    } finally {
      await close();
    }
  });
});
