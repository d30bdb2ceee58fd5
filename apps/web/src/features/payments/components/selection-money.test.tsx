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
  card: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  writeFakeSubdomain(null);
});

function drawn(
  language: 'en' | 'fr-CA',
  ledger: (body: unknown) => { status?: number; body?: unknown },
  { staff = true, card = false, entries = MONEY.entries } = {},
) {
  const api = fakeApi({
    'GET /api/project': { body: project(language) },
    'GET /api/me': { body: { _id: 'u1', email: 'morgan@example.test', name: 'Morgan', language } },
    [`GET /api/carts/${CART}/payments`]: { body: { ...MONEY, card, entries } },
    [`POST /api/manage/carts/${CART}/ledger`]: (asked) => ledger(asked.body),
    [`POST /api/carts/${CART}/payments/card`]: {
      status: 409,
      body: { error: { code: 'conflict', message: 'That amount is already paid.', key: 'payments.nothing-due' } },
    },
  });
  // The page is on the project's address (as the fake subdomain of a development machine says it).
  writeFakeSubdomain('demo');
  renderScreen(<SelectionMoney cartId={CART} staff={staff} />);
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

  it('offers the buyer the next amount by card, or more ahead, and asks the server for the schedule’s line, not an amount', async () => {
    const api = drawn('en', () => ({ status: 500 }), { staff: false, card: true });
    const pay = await screen.findByRole('button', { name: 'Pay $8,371.33 by card' });
    fireEvent.change(screen.getByLabelText('How much'), { target: { value: 'balance' } });
    expect(pay.textContent).toBe('Pay $25,113.99 by card');
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('That amount is already paid.');
    fireEvent.click(pay);
    await waitFor(() => expect(api.sent('POST', `/api/carts/${CART}/payments/card`)).toHaveLength(2));
    const [first, second] = api.sent('POST', `/api/carts/${CART}/payments/card`);
    expect(first!.body).toEqual({ upTo: 'balance' });
    // The same choice is the same attempt: one idempotency key for both clicks.
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(screen.queryByText(/Record a payment/)).toBeNull();
  });

  it('says the card button and its promise in French', async () => {
    drawn('fr-CA', () => ({ status: 500 }), { staff: false, card: true });
    expect(await screen.findByRole('button', { name: /^Payer 8\s371,33\s\$ par carte$/ })).toBeTruthy();
    expect(screen.getByText(/page sécurisée de Stripe/)).toBeTruthy();
  });

  it('shows a buyer no card payment where the portal takes no cards', async () => {
    drawn('en', () => ({ status: 500 }), { staff: false, card: false });
    await screen.findByText('$27,904.43');
    expect(screen.queryByTestId('card-payment')).toBeNull();
  });

  it('gives a card payment back to the card: the staff pick the payment, and no method is asked', async () => {
    const sent: unknown[] = [];
    const cardPayment = {
      ...MONEY.entries[0]!,
      _id: '0193a000-0000-7000-8000-0000000000e2',
      method: 'card',
      reference: 'pi_test_1',
      receiptNumber: 8,
      byName: 'Stripe',
    };
    drawn(
      'en',
      (body) => {
        sent.push(body);
        return { status: 201, body: MONEY };
      },
      { entries: [...MONEY.entries, cardPayment] },
    );
    await screen.findByText('$27,904.43');
    fireEvent.click(screen.getByRole('radio', { name: 'Refund' }));
    const givesBack = screen.getByLabelText('Gives back') as HTMLSelectElement;
    expect([...givesBack.options].map((o) => o.textContent)).toEqual([
      'No payment in particular',
      'Receipt 7 · Cheque · $2,790.44',
      'Receipt 8 · Card · $2,790.44',
    ]);
    fireEvent.change(givesBack, { target: { value: cardPayment._id } });
    expect(screen.getByText('Refunded to the buyer’s card through Stripe.')).toBeTruthy();
    expect(screen.queryByText('How it was paid')).toBeNull();
    fireEvent.change(screen.getByTestId('ledger-amount'), { target: { value: '100' } });
    fireEvent.blur(screen.getByTestId('ledger-amount'));
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Countertop credit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'refund', method: 'card', refundOf: cardPayment._id, amount: 10_000 });
  });
});
