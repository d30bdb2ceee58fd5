import { queryOptions } from '@tanstack/react-query';
import type {
  Appointment,
  AppointmentsToday,
  AppointmentType,
  AppointmentTypeInput,
  BookingInput,
  Consultant,
  ConsultantInput,
  Slots,
} from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** Appointments with the design centre (docs/appointments.md): what buyers and the staff read and do. */
export const appointmentTypesQuery = queryOptions({
  queryKey: ['appointments', 'types'],
  queryFn: () => api<AppointmentType[]>('/api/appointment-types'),
});

export const cartAppointmentsQuery = (cartId: string) =>
  queryOptions({
    queryKey: ['appointments', 'cart', cartId],
    queryFn: () => api<Appointment[]>(`/api/appointments?cart=${cartId}`),
  });

export const slotsQuery = ({ cart, type, from }: { cart: string; type: string; from?: string | undefined }) =>
  queryOptions({
    queryKey: ['appointments', 'slots', cart, type, from ?? ''],
    queryFn: () => api<Slots>(`/api/appointments/slots?cart=${cart}&type=${type}${from ? `&from=${from}` : ''}`),
  });

export const calendarQuery = ({ from, days, consultant }: { from: string; days: number; consultant: string | null }) =>
  queryOptions({
    queryKey: ['appointments', 'calendar', from, days, consultant ?? ''],
    queryFn: () =>
      api<Appointment[]>(
        `/api/manage/appointments?from=${from}&days=${days}${consultant ? `&consultant=${consultant}` : ''}`,
      ),
  });

export const todayQuery = queryOptions({
  queryKey: ['appointments', 'today'],
  queryFn: () => api<AppointmentsToday>('/api/manage/appointments/today'),
});

export const consultantsQuery = queryOptions({
  queryKey: ['appointments', 'consultants'],
  queryFn: () => api<Consultant[]>('/api/manage/consultants'),
});

export const bookAppointment = (input: BookingInput) =>
  api<Appointment>('/api/appointments', { method: 'POST', body: input });
export const moveAppointment = (id: string, to: { consultant: string; start: string }) =>
  api<Appointment>(`/api/appointments/${id}`, { method: 'PATCH', body: to });
export const cancelAppointment = (id: string) => api<Appointment>(`/api/appointments/${id}/cancel`, { method: 'POST' });
export const recordOutcome = (id: string, outcome: { status: 'done' | 'no_show'; note: string }) =>
  api<Appointment>(`/api/manage/appointments/${id}/outcome`, { method: 'POST', body: outcome });

export const saveAppointmentType = (input: AppointmentTypeInput, id?: string) =>
  id
    ? api<AppointmentType>(`/api/manage/appointment-types/${id}`, { method: 'PUT', body: input })
    : api<AppointmentType>('/api/manage/appointment-types', { method: 'POST', body: input });
export const saveConsultant = (input: ConsultantInput, id?: string) =>
  id
    ? api<Consultant>(`/api/manage/consultants/${id}`, { method: 'PUT', body: input })
    : api<Consultant>('/api/manage/consultants', { method: 'POST', body: input });
export const makeFeed = (id: string) => api<{ url: string }>(`/api/manage/consultants/${id}/feed`, { method: 'POST' });
export const revokeFeed = (id: string) => api<null>(`/api/manage/consultants/${id}/feed`, { method: 'DELETE' });

export const staffQuery = queryOptions({
  queryKey: ['appointments', 'staff'],
  queryFn: () => api<Array<{ id: string; name: string; email: string }>>('/api/manage/consultants/staff'),
});
