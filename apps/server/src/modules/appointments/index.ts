/**
 * The front door of appointments with the design centre (docs/appointments.md): other modules
 * reach this module only through what is exported here. Booking's routes and screens follow.
 */
export { busyOf, insertAppointment, type NewAppointment } from './appointments.repo.ts';
