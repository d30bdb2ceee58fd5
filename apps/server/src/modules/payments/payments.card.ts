import type StripeClient from 'stripe';
import { fail } from '@decor/core';
import type { Config } from '../../config/env.ts';

/**
 * The card processor as the payments module uses it (docs/payments.md, "Paying by card"):
 * Stripe's hosted Checkout, so no card number ever reaches the portal. Only these few calls
 * are used; the tests run them against a Stripe-compatible server of their own
 * (docs/testing.md, "What is real").
 */

/** A Checkout Session, as far as the portal reads one. */
export interface CardSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number | null;
  currency: string | null;
  payment_intent: string | { id: string } | null;
  expires_at: number;
  metadata: Record<string, string> | null;
}

/** A refund, as far as the portal reads one. */
export interface CardRefund {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  payment_intent: string | { id: string } | null;
  metadata: Record<string, string> | null;
}

/** A verified event: its id, its type and the object it is about. */
export interface CardEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export interface SessionRequest {
  amount: number;
  currency: string;
  name: string;
  email: string;
  locale: 'en' | 'fr-CA';
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  expiresAt: number;
}

export interface CardProcessor {
  createSession(request: SessionRequest, idempotencyKey: string): Promise<CardSession>;
  retrieveSession(id: string): Promise<CardSession>;
  expireSession(id: string): Promise<CardSession>;
  refund(
    request: { paymentIntent: string; amount: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<CardRefund>;
  /** The event a webhook delivers, once its signature and timestamp are checked (else refused). */
  verify(payload: Buffer, signature: string): Promise<CardEvent>;
}

/** How old a webhook's signed timestamp may be, in seconds: Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id;

const processors = new WeakMap<object, CardProcessor | null>();

/** The platform's card processor for a server's configuration (one per configuration), or null without Stripe keys. */
export function cardProcessorFor(config: Pick<Config, 'stripe'>): CardProcessor | null {
  if (!processors.has(config)) processors.set(config, cardProcessorOf(config.stripe));
  return processors.get(config)!;
}

/** The platform's card processor, or null when no Stripe keys are set (offline payments only). */
function cardProcessorOf(stripe: Config['stripe']): CardProcessor | null {
  if (!stripe) return null;
  let client: Promise<StripeClient> | undefined;
  // The SDK is loaded on the first card call, so a portal that takes none never loads it.
  const sdk = () =>
    (client ??= import('stripe').then(({ default: Stripe }) => {
      const api = stripe.apiUrl ? new URL(stripe.apiUrl) : null;
      return new Stripe(stripe.secretKey, {
        maxNetworkRetries: 2,
        timeout: 10_000,
        telemetry: false,
        ...(api
          ? {
              host: api.hostname,
              port: api.port || (api.protocol === 'http:' ? 80 : 443),
              protocol: api.protocol === 'http:' ? 'http' : 'https',
            }
          : {}),
      });
    }));
  const unavailable = (error: unknown): never => {
    throw fail('unavailable', 'payments.card-unavailable', undefined, {
      processor: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  };
  return {
    async createSession(request, idempotencyKey) {
      const session = await (
        await sdk()
      ).checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amount,
                  product_data: { name: request.name },
                },
              },
            ],
            customer_email: request.email,
            locale: request.locale,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata: request.metadata,
            payment_intent_data: { metadata: request.metadata },
            expires_at: request.expiresAt,
          },
          { idempotencyKey },
        )
        .catch(unavailable);
      return session as unknown as CardSession;
    },
    async retrieveSession(id) {
      return (await (await sdk()).checkout.sessions.retrieve(id).catch(unavailable)) as unknown as CardSession;
    },
    async expireSession(id) {
      return (await (await sdk()).checkout.sessions.expire(id)) as unknown as CardSession;
    },
    async refund({ paymentIntent, amount, metadata }, idempotencyKey) {
      const refund = await (
        await sdk()
      ).refunds
        .create({ payment_intent: paymentIntent, amount, metadata }, { idempotencyKey })
        .catch(unavailable);
      return refund as unknown as CardRefund;
    },
    async verify(payload, signature) {
      try {
        const event = (await sdk()).webhooks.constructEvent(
          payload,
          signature,
          stripe.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
        return event as unknown as CardEvent;
      } catch {
        throw fail('bad_request', 'payments.webhook-unsigned');
      }
    },
  };
}
