import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartMoney } from '@decor/core';
import { fakeApi, renderScreen } from '../../../testing/screen.tsx';
import { writeFakeSubdomain } from '../../../config/env.ts';
import { SelectionMoney } from './selection-money.tsx';

/*
 * A selection's money as a screen (docs/payments.md): the figures the server computed, in the
 * reader's language and number format, and the staff's ledger form sending what was typed as it
 * was meant. The server's rules are the server suite's (payments.test.ts).
 */

const CART = '0193a000-0000-7000-8000-0000000000c1';
const project = (language: 'en' | 'fr-CA') => ({
  _id: '0193a000-0000-7000-8000-000000000001',
  _version: 1,
  key: 'demo',
  name: 'Maple Residences',
  currency: 'CAD',
  options: { languages: ['en', 'fr-CA'], defaultLanguage: language, locale: 'en-CA', timeZone: 'America/Vancouver' },
  features: {},
  theme: {},
  rooms: [],
});
const MONEY: CartMoney = {
  currency: 'CAD',
  signed: {
    revision: 1,
    net: 2_427_000,
    taxes: [
      { name: 'GST', rate: 5, amount: 121_350 },
      { name: 'QST', rate: 9.975, amount: 242_093 },
    ],
    gross: 2_790_443,
  },
  schedule: [
    {
      id: 'deposit',
      kind: 'deposit',
      amount: 279_044,
      due: { signedAt: '2027-01-04T18:00:00.000Z' },
      covered: 279_044,
      state: 'paid',
      dueDay: '2027-01-04',
    },
    {
      id: 'instalment-1',
      kind: 'instalment',
      label: 'Framing',
      amount: 837_133,
      due: { stage: 'Framing' },
      covered: 0,
      state: 'upcoming',
      dueDay: null,
    },
    {
      id: 'balance',
      kind: 'balance',
      amount: 1_674_266,
      due: { date: '2027-09-30' },
      covered: 0,
      state: 'upcoming',
      dueDay: '2027-09-30',
    },
  ],
  entries: [
    {
      _id: '0193a000-0000-7000-8000-0000000000e1',
      kind: 'payment',
      method: 'cheque',
      amount: 279_044,
      currency: 'CAD',
      reference: 'Cheque 1042',
      paidOn: '2027-01-05',
      reason: '',
      receiptNumber: 7,
      byName: 'Morgan Manager',
      at: '2027-01-05T17:00:00.000Z',
    },
  ],
  totals: { payments: 279_044, refunds: 0, credits: 0, paid: 279_044, balance: 2_511_399 },
  offline: { instructions: 'Cheques to **Maple Residences Ltd.**', reference: 'DEMO-402' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  writeFakeSubdomain(null);
});

function drawn(language: 'en' | 'fr-CA', ledger: (body: unknown) => { status?: number; body?: unknown }) {
  const api = fakeApi({
    'GET /api/project': { body: project(language) },
    'GET /api/me': { body: { _id: 'u1', email: 'morgan@example.test', name: 'Morgan', language } },
    [`GET /api/carts/${CART}/payments`]: { body: MONEY },
    [`POST /api/manage/carts/${CART}/ledger`]: (asked) => ledger(asked.body),
  });
  // The page is on the project's address (as the fake subdomain of a development machine says it).
  writeFakeSubdomain('demo');
  renderScreen(<SelectionMoney cartId={CART} staff />);
  return api;
}

describe("a selection's money", () => {
  it('shows the signed total with each tax, the schedule with its states, the receipts and how to pay, in English', async () => {
    drawn('en', () => ({ status: 500 }));
    await screen.findByText('$27,904.43');
    const totals = screen.getByTestId('payment-totals');
    expect(totals.textContent).toContain('QST (9.975%)$2,420.93');
    expect(totals.textContent).toContain('Total with tax$27,904.43');
    const schedule = within(screen.getByTestId('payment-schedule')).getAllByRole('listitem');
    expect(schedule.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^DepositAt signing \(.*January 4, 2027\)\$2,790\.44Paid$/),
      'FramingAt Framing$8,371.33Upcoming',
      expect.stringMatching(/^Balance.*September 30, 2027\$16,742\.66Upcoming$/),
    ]);
    expect(screen.getByTestId('ledger').textContent).toMatch(
      /Payment · ChequeReceipt 7 · .*January 5, 2027 · Cheque 1042\$2,790\.44/,
    );
    expect(screen.getByText('Quote this reference: DEMO-402')).toBeTruthy();
  });

  it('reads an amount typed the French way and sends it in cents, and says a refusal in French', async () => {
    const sent: unknown[] = [];
    drawn('fr-CA', (body) => {
      sent.push(body);
      return {
        status: 422,
        body: {
          error: {
            code: 'rule_broken',
            message: 'A refund cannot be more than what was paid on this selection.',
            key: 'payments.refund-over',
          },
        },
      };
    });
    await screen.findByText(/^27\s904,43\s\$$/);
    const totals = screen.getByTestId('payment-totals');
    expect(totals.textContent).toContain('QST (9,975\u00a0%)');
    expect(totals.textContent).toMatch(/Total taxes comprises27\s904,43\s\$/);
    fireEvent.click(screen.getByRole('radio', { name: 'Remboursement' }));
    fireEvent.change(screen.getByTestId('ledger-amount'), { target: { value: '1\u00a0250,50' } });
    fireEvent.blur(screen.getByTestId('ledger-amount'));
    fireEvent.change(screen.getByLabelText(/Raison/), { target: { value: 'Trop payé' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'refund', method: 'cheque', amount: 125_050, reason: 'Trop payé' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Un remboursement ne peut pas dépasser ce qui a été payé sur cette sélection.',
    );
  });
});
