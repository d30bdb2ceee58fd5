/**
 * The front door of the audit log: what an administrator changed, with the record before and
 * after (docs/admin.md, "Audit"). Any module that lets an administrator change something records
 * it here; the platform's back office reads it.
 */
export { type AdminChange, listAdminChanges, recordAdminChange } from './audit.repo.ts';
