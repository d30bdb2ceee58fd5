/**
 * The front door of visits: the app's own beacon, kept as one visit per person, device and
 * project (docs/admin.md, "Sessions"). The portal records them; the platform's back office lists them.
 */
export { listVisits, recordVisit, VISITS_PAGE } from './visits.operations.ts';
