import {
  can,
  fail,
  formatDateTime,
  formatMoney,
  isoDayOf,
  projectOptionsSchema,
  SLOT_WINDOW_DAYS,
  type Appointment,
  type BookingInput,
  type FreeSlot,
  type Language,
  type Slots,
} from '@decor/core';
import type { z } from 'zod';
import type { slotsQuerySchema } from '@decor/core';
import { withTransaction, type Db } from '../../db/client.ts';
import { requireManager, type Scope } from '../projects/index.ts';
import type { HookRegistry } from '../decor/index.ts';
import { cartScope, readCart, setAppointmentFee } from '../carts/index.ts';
import {
  appointmentById,
  appointmentsOfCart,
  attendeesOfUnits,
  lockSelection,
  closeAppointment,
  consultantsOf,
  countOfKind,
  insertAppointment,
  moveAppointment,
  typesOf,
  type AppointmentRow,
  type TypeRow,
} from './appointments.repo.ts';
import { dayAfter, slotsOfConsultant, slotsOfProject, type SlotWindow } from './appointments.slots.ts';
import { typeName } from './appointments.names.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface AppointmentsContext {
  db: Db;
  hooks: HookRegistry;
  scope: Promise<Scope>;
  now?: Date;
}

/** Who asks about a selection's meetings: the selection (theirs, or any for the staff) and whether they are staff. */
async function selectionOf(context: AppointmentsContext, cartId: string) {
  const { project, plan, isManager, actor, standing } = await cartScope(context.db, context.scope);
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  const cart = await readCart(context.db, { projectId: project.id, where: plan.where, cartId });
  return { project, actor, isStaff: isManager || can(standing, 'manage') === 'any', cart };
}

const zoneOf = (project: Scope['project']) => projectOptionsSchema.parse(project.options ?? {}).timeZone;

/** A kind of meeting the caller may book: an active one, and for buyers one that buyers book (its first buyer only where it says so). */
async function bookableType(
  db: Db,
  { projectId, typeId, isStaff, isOwner }: { projectId: string; typeId: string; isStaff: boolean; isOwner: boolean },
): Promise<TypeRow> {
  const [type] = await typesOf(db, projectId, typeId);
  if (!type || (!type.active && !isStaff)) throw fail('not_found', 'appointment.no-such-type');
  if (isStaff) return type;
  if (type.booked_by === 'staff') throw fail('forbidden', 'appointment.staff-books');
  if (type.booked_by === 'owner' && !isOwner) throw fail('forbidden', 'appointment.owner-books');
  return type;
}

/** The window of slots a caller may see: buyers within the type's notice and how far ahead it books; the staff from now on. */
function windowOf(
  {
    type,
    timeZone,
    isStaff,
    now,
    deadline,
  }: { type: TypeRow; timeZone: string; isStaff: boolean; now: Date; deadline: string | null },
  fromDay: string,
  days = SLOT_WINDOW_DAYS,
): SlotWindow {
  return {
    timeZone,
    type,
    fromDay,
    days,
    notBefore: now.getTime() + (isStaff ? 0 : type.notice_minutes * MINUTE),
    until: isStaff ? Infinity : now.getTime() + type.ahead_days * DAY,
    deadline,
  };
}

/** The free slots a buyer (or the staff, for a buyer) may book for a selection: free or busy only, never whose. */
export async function slotsFor(context: AppointmentsContext, query: z.infer<typeof slotsQuerySchema>): Promise<Slots> {
  const now = context.now ?? new Date();
  const { project, actor, isStaff, cart } = await selectionOf(context, query.cart);
  const type = await bookableType(context.db, {
    projectId: project.id,
    typeId: query.type,
    isStaff,
    isOwner: cart.owner === actor.userId,
  });
  const timeZone = zoneOf(project);
  const today = isoDayOf(now, timeZone);
  const fromDay = query.from && query.from > today ? query.from : today;
  const deadline = (cart.deadline as string | null | undefined) ?? null;
  const window = windowOf({ type, timeZone, isStaff, now, deadline }, fromDay);
  const slots = await slotsOfProject(context.db, project.id, window, query.consultant);
  const next = dayAfter(fromDay, SLOT_WINDOW_DAYS);
  return {
    slots,
    from: fromDay,
    next: Date.parse(`${next}T00:00:00Z`) - 14 * 60 * MINUTE < window.until ? next : null,
    deadline,
  };
}

/** Why a moment cannot be booked, in words, or null when it is one of the consultant's free slots. */
async function refusalOfSlot(
  db: Db,
  {
    projectId,
    consultantId,
    start,
    window,
  }: { projectId: string; consultantId: string; start: Date; window: SlotWindow },
) {
  const [consultant] = await consultantsOf(db, projectId, consultantId);
  if (!consultant?.active) throw fail('not_found', 'appointment.no-such-consultant');
  const instant = start.getTime();
  if (instant < window.notBefore)
    return fail('bad_request', 'appointment.too-soon', {
      hours: Math.ceil(window.type.notice_minutes / 60),
    });
  if (instant >= window.until) return fail('bad_request', 'appointment.too-far', { days: window.type.ahead_days });
  const day = isoDayOf(start, window.timeZone);
  const free = await slotsOfConsultant(db, consultant, { ...window, fromDay: day, days: 1 });
  if (free.some((slot) => Date.parse(slot.start) === instant)) return null;
  // Open hours but someone else's meeting: the same words as losing a race.
  const open = await slotsOfConsultant(db, consultant, { ...window, fromDay: day, days: 1, ignoreBusy: true });
  return open.some((slot) => Date.parse(slot.start) === instant)
    ? 'taken'
    : fail('bad_request', 'appointment.not-open');
}

/** The refusal of a slot someone else took, with the next free ones to choose from. */
async function takenRefusal(db: Db, projectId: string, window: SlotWindow, after: Date) {
  const fromDay = isoDayOf(after, window.timeZone);
  const next: FreeSlot[] = (await slotsOfProject(db, projectId, { ...window, fromDay, days: SLOT_WINDOW_DAYS }))
    .filter((slot) => Date.parse(slot.start) >= after.getTime() - 12 * 60 * MINUTE)
    .slice(0, 6);
  return fail('conflict', 'appointment.taken', undefined, { next });
}

/**
 * Books a meeting for a selection (docs/appointments.md, "Booking"): by its buyer within the
 * kind's rules, or by the staff for them. The database refuses a consultant's overlapping
 * meetings whatever races; the loser is told so and shown the next free slots. A meeting past
 * the free ones adds its fee to an open selection, once the buyer agreed to it.
 */
export async function book(context: AppointmentsContext, input: BookingInput): Promise<AppointmentRow> {
  const { db } = context;
  const now = context.now ?? new Date();
  const { project, actor, isStaff, cart } = await selectionOf(context, input.cart);
  const type = await bookableType(db, {
    projectId: project.id,
    typeId: input.type,
    isStaff,
    isOwner: cart.owner === actor.userId,
  });
  const start = new Date(input.start);
  const deadline = (cart.deadline as string | null | undefined) ?? null;
  const window = windowOf(
    { type, timeZone: zoneOf(project), isStaff, now, deadline },
    isoDayOf(start, zoneOf(project)),
  );
  // One selection's bookings one at a time: its buyers asking at once are told in turn what the
  // first one's booking changed (already booked), never a fee meant for a second meeting.
  const result = await withTransaction(db, async (tx) => {
    await lockSelection(tx, input.cart);
    const refusal = await refusalOfSlot(tx, { projectId: project.id, consultantId: input.consultant, start, window });
    if (refusal === 'taken') return 'taken' as const;
    if (refusal) throw refusal;
    const upcoming = await appointmentsOfCart(tx, project.id, input.cart);
    if (
      upcoming.some(
        (row) => row.type_id === type.id && row.status === 'booked' && Date.parse(row.ends_at) > now.getTime(),
      )
    )
      throw fail('conflict', 'appointment.already-booked');
    const fee = await feeOf(tx, {
      type,
      cartId: input.cart,
      draft: cart.status === 'draft',
      isStaff,
      accepted: input.acceptFee,
      currency: project.currency,
      locale: projectOptionsSchema.parse(project.options ?? {}).locale,
    });
    const inserted = await insertAppointment(tx, {
      projectId: project.id,
      consultantId: input.consultant,
      typeId: type.id,
      cartId: input.cart,
      unitId: String(cart.unit),
      startsAt: start,
      endsAt: new Date(start.getTime() + type.length_minutes * MINUTE),
      busyUntil: new Date(start.getTime() + (type.length_minutes + type.buffer_minutes) * MINUTE),
      bookedBy: actor.userId,
      fee,
    });
    return inserted === 'taken' ? inserted : { ...inserted, fee };
  });
  if (result === 'taken') throw await takenRefusal(db, project.id, window, start);
  const { fee } = result;
  if (fee) {
    try {
      await setAppointmentFee(db, {
        hooks: context.hooks,
        project,
        actorId: actor.userId,
        cartId: input.cart,
        appointment: result.id,
        amount: fee,
      });
    } catch (error) {
      // The fee could not be added: the meeting is not kept either.
      await closeAppointment(db, { id: result.id, status: 'cancelled' });
      throw error;
    }
  }
  return (await appointmentById(db, project.id, result.id))!;
}

/** The fee of one more meeting of a kind: past the free ones, on an open selection, once agreed (the staff agree for the buyer). */
async function feeOf(
  db: Db,
  {
    type,
    cartId,
    draft,
    isStaff,
    accepted,
    currency,
    locale,
  }: {
    type: TypeRow;
    cartId: string;
    draft: boolean;
    isStaff: boolean;
    accepted: boolean | undefined;
    currency: string;
    locale: string;
  },
): Promise<number> {
  if (!type.fee || (await countOfKind(db, { cartId, typeId: type.id })) < type.free_count) return 0;
  // A signed selection keeps what it was signed for: the staff book it without a fee, a buyer asks them.
  if (!draft) {
    if (isStaff) return 0;
    throw fail('conflict', 'appointment.fee-after-signing');
  }
  if (!isStaff && !accepted)
    throw fail(
      'bad_request',
      'appointment.fee-to-accept',
      { fee: formatMoney(type.fee, { currency, locale }) },
      { fee: type.fee },
    );
  return type.fee;
}

/** A meeting the caller may change: its selection's buyers before the kind's cut-off, the staff any time. */
async function changeable(context: AppointmentsContext, id: string) {
  const { project, standing, actor } = await context.scope;
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  const row = await appointmentById(context.db, project.id, id);
  if (!row || !row.cart_id) throw fail('not_found', 'appointment.no-such');
  const isStaff = can(standing, 'manage') === 'any';
  // A buyer reaches only their own selection's meetings (the selection's read rule says whose).
  const { cart } = await selectionOf(context, row.cart_id);
  if (row.status !== 'booked') throw fail('conflict', 'appointment.not-booked');
  const now = (context.now ?? new Date()).getTime();
  if (!isStaff) {
    if (row.type_booked_by === 'staff') throw fail('forbidden', 'appointment.staff-books');
    if (now > Date.parse(row.starts_at) - row.cancel_minutes * MINUTE)
      throw fail('bad_request', 'appointment.change-closed', {
        when: formatDateTime(new Date(Date.parse(row.starts_at) - row.cancel_minutes * MINUTE), {
          locale: projectOptionsSchema.parse(project.options ?? {}).locale,
          timeZone: zoneOf(project),
        }),
      });
  }
  return { project, actor, isStaff, row, cart };
}

/** Moves a booked meeting to another free slot (another consultant's too): every calendar gets the same UID with the next SEQUENCE. */
export async function move(
  context: AppointmentsContext,
  id: string,
  input: { consultant: string; start: string },
): Promise<{ before: AppointmentRow; after: AppointmentRow }> {
  const { db } = context;
  const now = context.now ?? new Date();
  const { project, isStaff, row, cart } = await changeable(context, id);
  const [type] = await typesOf(db, project.id, row.type_id);
  const start = new Date(input.start);
  const timeZone = zoneOf(project);
  const deadline = (cart.deadline as string | null | undefined) ?? null;
  const window = {
    ...windowOf({ type: type!, timeZone, isStaff, now, deadline }, isoDayOf(start, timeZone)),
    ignore: id,
  };
  const refusal = await refusalOfSlot(db, { projectId: project.id, consultantId: input.consultant, start, window });
  if (refusal === 'taken') throw await takenRefusal(db, project.id, window, start);
  if (refusal) throw refusal;
  const moved = await moveAppointment(db, {
    id,
    consultantId: input.consultant,
    startsAt: start,
    endsAt: new Date(start.getTime() + type!.length_minutes * MINUTE),
    busyUntil: new Date(start.getTime() + (type!.length_minutes + type!.buffer_minutes) * MINUTE),
  });
  if (moved === 'taken') throw await takenRefusal(db, project.id, window, start);
  if (!moved) throw fail('conflict', 'appointment.not-booked');
  return { before: row, after: (await appointmentById(db, project.id, id))! };
}

/** Cancels a booked meeting: its time is free again, its fee leaves an open selection, every calendar gets the CANCEL. */
export async function cancel(context: AppointmentsContext, id: string): Promise<AppointmentRow> {
  const { db } = context;
  const { project, actor, row } = await changeable(context, id);
  if (!(await closeAppointment(db, { id, status: 'cancelled' }))) throw fail('conflict', 'appointment.not-booked');
  if (row.fee && row.cart_id)
    await setAppointmentFee(db, {
      hooks: context.hooks,
      project,
      actorId: actor.userId,
      cartId: row.cart_id,
      appointment: id,
      amount: null,
    });
  return (await appointmentById(db, project.id, id))!;
}

/** The staff mark a meeting that took place (or that the buyers missed), with a staff note. */
export async function recordOutcome(
  context: Pick<AppointmentsContext, 'db' | 'scope' | 'now'>,
  id: string,
  input: { status: 'done' | 'no_show'; note: string },
): Promise<AppointmentRow> {
  const { project } = requireManager(await context.scope);
  const row = await appointmentById(context.db, project.id, id);
  if (!row) throw fail('not_found', 'appointment.no-such');
  if (row.status !== 'booked') throw fail('conflict', 'appointment.not-booked');
  if (Date.parse(row.starts_at) > (context.now ?? new Date()).getTime()) throw fail('conflict', 'appointment.not-yet');
  await closeAppointment(context.db, { id, status: input.status, note: input.note });
  return (await appointmentById(context.db, project.id, id))!;
}

/** A meeting as its reader may see it: the staff's note and who booked it for the staff only. */
export async function viewOf(
  db: Db,
  row: AppointmentRow,
  reader: { language: Language; isStaff: boolean },
): Promise<Appointment> {
  return (await viewsOf(db, [row], reader))[0]!;
}

/** Meetings as their reader may see them, their units' buyers read in one query. */
export async function viewsOf(
  db: Db,
  rows: readonly AppointmentRow[],
  reader: { language: Language; isStaff: boolean },
): Promise<Appointment[]> {
  const units = [...new Set(rows.flatMap((row) => (row.unit_id ? [row.unit_id] : [])))];
  const attendees = rows.length ? await attendeesOfUnits(db, rows[0]!.project_id, units) : new Map();
  return rows.map((row) => viewOfRow(row, attendees.get(row.unit_id ?? '') ?? [], reader));
}

function viewOfRow(
  row: AppointmentRow,
  attendees: ReadonlyArray<{ name: string; email: string }>,
  { language, isStaff }: { language: Language; isStaff: boolean },
): Appointment {
  const changeUntil =
    row.status === 'booked' && row.type_booked_by !== 'staff'
      ? new Date(Date.parse(row.starts_at) - row.cancel_minutes * MINUTE).toISOString()
      : null;
  return {
    id: row.id,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    type: { id: row.type_id, name: typeName(row.type_names, language), lengthMinutes: row.length_minutes },
    consultant: {
      id: row.consultant_id,
      name: row.consultant_name || row.consultant_email,
      place: row.place,
      videoUrl: row.video_url,
    },
    cartId: row.cart_id,
    unit: row.unit_id ? { id: row.unit_id, name: row.unit_name ?? '' } : null,
    attendees: attendees.map(({ name, email }) => ({ name, email })),
    fee: Number(row.fee),
    changeUntil,
    sequence: row.sequence,
    ...(isStaff ? { note: row.note, bookedByName: row.booked_by_name ?? '' } : {}),
  };
}
