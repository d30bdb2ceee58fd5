import { z } from 'zod';
import { hoursExceptionSchema, SLOT_STEPS, weeklyHoursSchema } from './appointments.ts';

/**
 * What crosses the network about appointments with the design centre (docs/appointments.md):
 * the kinds of meeting a project offers, its consultants, the free slots a buyer sees (free or
 * busy only, never whose), and a meeting as its buyers and its staff read it.
 */

/** Who may book a kind of meeting: every buyer of the unit, its first buyer only, or the design centre only. */
export const APPOINTMENT_BOOKERS = ['buyers', 'owner', 'staff'] as const;
export type AppointmentBooker = (typeof APPOINTMENT_BOOKERS)[number];

export const APPOINTMENT_STATUSES = ['booked', 'cancelled', 'done', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** How far the slots a buyer is shown reach from the day they ask about (one screen's worth). */
export const SLOT_WINDOW_DAYS = 14;
/** A selection whose deadline is this near with no meeting booked is named on the dashboard. */
export const DEADLINE_NEAR_DAYS = 14;

/** A day, or a moment, of the years a design centre plans in: a far one is refused (naming the field), never computed. */
const plannedDay = z.iso.date().refine((day) => day >= '2000-01-01' && day <= '2199-12-31');
const plannedMoment = z.iso.datetime({ offset: true }).refine((start) => start >= '2000' && start < '2200');

const names = z
  .object({ en: z.string().trim().min(1).max(120), 'fr-CA': z.string().trim().max(120).optional() })
  .strict();

export const appointmentTypeInputSchema = z
  .object({
    names,
    lengthMinutes: z
      .number()
      .int()
      .min(15)
      .max(8 * 60),
    bufferMinutes: z.number().int().min(0).max(240).default(0),
    stepMinutes: z
      .number()
      .int()
      .refine((step) => (SLOT_STEPS as readonly number[]).includes(step), {
        message: `A step is one of ${SLOT_STEPS.join(', ')} minutes.`,
      })
      .default(30),
    bookedBy: z.enum(APPOINTMENT_BOOKERS).default('buyers'),
    /** How late one may book: at least this long before the start. */
    noticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 30)
      .default(1440),
    /** How far ahead one may book. */
    aheadDays: z.number().int().min(1).max(365).default(90),
    /** How late a buyer may move or cancel: at least this long before the start. */
    cancelMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 30)
      .default(1440),
    /** Meetings of this kind a selection has without a fee; past them `fee` (minor units) is added to the selection. */
    freeCount: z.number().int().min(0).max(50).default(1),
    fee: z.number().int().min(0).max(100_000_000).default(0),
    active: z.boolean().default(true),
  })
  .strict();
export type AppointmentTypeInput = z.input<typeof appointmentTypeInputSchema>;

export const appointmentTypeSchema = appointmentTypeInputSchema.extend({
  id: z.uuid(),
  /** Its name in the reader's language. */
  name: z.string(),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

export const consultantInputSchema = z
  .object({
    userId: z.string().min(1).max(100),
    place: z.string().trim().max(300).default(''),
    videoUrl: z
      .url({ protocol: /^https$/, message: 'A video link starts with https://.' })
      .max(500)
      .nullable()
      .default(null),
    weekly: weeklyHoursSchema.max(60).default([]),
    exceptions: z.array(hoursExceptionSchema).max(400).default([]),
    active: z.boolean().default(true),
  })
  .strict();
export type ConsultantInput = z.input<typeof consultantInputSchema>;

export const consultantSchema = consultantInputSchema.extend({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** Whether their private calendar feed exists (its address is shown once, when made). */
  hasFeed: z.boolean(),
});
export type Consultant = z.infer<typeof consultantSchema>;

export const slotsQuerySchema = z.object({
  type: z.uuid(),
  cart: z.uuid(),
  /** The first day asked about (YYYY-MM-DD in the project's zone); today when absent. */
  from: plannedDay.optional(),
  consultant: z.uuid().optional(),
});

/** A free slot: when, with whom, and whether it ends before the selection's deadline. */
export const freeSlotSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  consultantId: z.uuid(),
  consultantName: z.string(),
  beforeDeadline: z.boolean(),
});
export type FreeSlot = z.infer<typeof freeSlotSchema>;

export const slotsSchema = z.object({
  slots: z.array(freeSlotSchema),
  /** The window the slots were looked for in, and where the next window starts (null: none later). */
  from: z.iso.date(),
  next: z.iso.date().nullable(),
  deadline: z.iso.datetime({ offset: true }).nullable(),
});
export type Slots = z.infer<typeof slotsSchema>;

export const bookingInputSchema = z
  .object({
    type: z.uuid(),
    cart: z.uuid(),
    consultant: z.uuid(),
    start: plannedMoment,
    /** The buyer agrees to the fee of a meeting past the free ones. */
    acceptFee: z.boolean().optional(),
  })
  .strict();
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const moveInputSchema = z.object({ consultant: z.uuid(), start: plannedMoment }).strict();

export const outcomeInputSchema = z
  .object({ status: z.enum(['done', 'no_show']), note: z.string().trim().max(4000).default('') })
  .strict();

const person = z.object({ name: z.string(), email: z.string() });

/** A meeting as its buyers read it; the staff's view adds the note and who booked it. */
export const appointmentSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  type: z.object({ id: z.uuid(), name: z.string(), lengthMinutes: z.number().int() }),
  consultant: z.object({
    id: z.uuid(),
    name: z.string(),
    place: z.string(),
    videoUrl: z.string().nullable(),
  }),
  cartId: z.uuid().nullable(),
  unit: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  attendees: z.array(person),
  /** The fee this meeting added to the selection (minor units), 0 when it was one of the free ones. */
  fee: z.number().int(),
  /** Until when a buyer may move or cancel it themselves; null when only the staff may. */
  changeUntil: z.iso.datetime().nullable(),
  sequence: z.number().int(),
  /** Staff only: what the consultant noted, and who booked it. */
  note: z.string().optional(),
  bookedByName: z.string().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const calendarQuerySchema = z.object({
  /** The first day, in the project's zone; today when absent. */
  from: plannedDay.optional(),
  days: z.coerce.number().int().min(1).max(42).default(7),
  consultant: z.uuid().optional(),
});

/** The dashboard's view of the design centre's days: today's meetings, and selections near their deadline with none booked. */
export const appointmentsTodaySchema = z.object({
  today: z.array(appointmentSchema),
  unbooked: z.array(
    z.object({
      cartId: z.uuid(),
      unitName: z.string(),
      deadline: z.iso.datetime({ offset: true }),
      buyers: z.array(z.string()),
    }),
  ),
});
export type AppointmentsToday = z.infer<typeof appointmentsTodaySchema>;
