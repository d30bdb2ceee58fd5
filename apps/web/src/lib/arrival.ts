/**
 * Where an accepted invitation leads once the welcome steps (confirm the address, accept the
 * terms) are done: the role's home, kept for this tab while those steps hold the person
 * (docs/access-codes.md, "Arriving").
 */
export const ARRIVAL_TARGET_KEY = 'decor.arrival-target';
