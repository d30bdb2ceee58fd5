import { z } from 'zod';
import { FIT_REASONS } from './budget-fit-cart.ts';

/**
 * What crosses the network about Fit my budget (docs/fit-my-budget.md): what the buyer asks, and
 * the proposal (or the shortfall) with every name in the reader's language, so that the screen
 * shows nothing the buyer's plan does not offer.
 */

const id = z.uuid();
const amount = z.number().int().min(0).max(100_000_000_00);

export const fitRequestSchema = z
  .object({
    /** The most the buyer wants to spend (minor units): on upgrades, or on the home with them. */
    amount: amount.optional(),
    of: z.enum(['upgrades', 'home']).default('upgrades'),
    /** Rooms or categories whose choices stay as they are. */
    keep: z.array(id).max(200).default([]),
    /** Rooms or categories where the buyer would rather spend. */
    spendMore: z.array(id).max(200).default([]),
    /** During a change order: what was signed stays. */
    keepSigned: z.boolean().default(false),
  })
  .strict();
export type FitRequestInput = z.input<typeof fitRequestSchema>;

const selectionLine = z.object({ option: z.string(), room: z.string().optional(), quantity: z.number() });
const named = z.object({ id: z.string(), name: z.string() });

const figures = z.object({
  variables: z.number(),
  constraints: z.number(),
  solveMs: z.number(),
  gap: z.number(),
});

export const fitChangeSchema = z.object({
  place: z.string(),
  category: named,
  room: named.nullable(),
  from: named.nullable(),
  to: named.nullable(),
  difference: z.number(),
  reason: z.enum(FIT_REASONS),
  by: named.nullable(),
});
export type FitChangeView = z.infer<typeof fitChangeSchema>;

export const fitAnswerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fit'),
    /** The budget the proposal keeps to: the most the selection may total, fees included. */
    budget: z.number(),
    currentTotal: z.number(),
    total: z.number(),
    selections: z.array(selectionLine),
    package: named.nullable(),
    /** The rooms the package fills (null: the home), so taking some rooms only knows whether it comes. */
    packageRooms: z.array(z.string().nullable()),
    changes: z.array(fitChangeSchema),
    rooms: z.array(z.object({ room: named.nullable(), before: z.number(), after: z.number() })),
    figures,
  }),
  z.object({
    kind: z.literal('none'),
    budget: z.number(),
    /** The lowest total that keeps the rules (null: none keeps them all), and by how much it exceeds the budget. */
    minimum: z.number().nullable(),
    over: z.number().nullable(),
    drivers: z.array(
      z.object({
        option: named.nullable(),
        room: named.nullable(),
        amount: z.number(),
        reason: z.enum(['kept-asked', 'kept-signed', 'required', 'needed', 'kept-line', 'fees']),
      }),
    ),
    figures,
  }),
]);
export type FitAnswerView = z.infer<typeof fitAnswerSchema>;
