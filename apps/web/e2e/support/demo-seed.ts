import { demoProject } from '../../../server/src/db/seed/demo-catalogue.ts';

/**
 * Where a seeded buyer must choose, counted from the demo seed itself: each room of their
 * plan where a required category applies, and how many of those their seeded choices (and
 * `extra` ones, as [room, option]) already cover.
 */
export function requiredProgress(email: string, extra: Array<[string, string]> = []) {
  const buyer = demoProject.buyers.find((b) => b.email === email)!;
  const plan = demoProject.plans.find((p) => p.name === demoProject.units.find((u) => u.name === buyer.unit)!.plan)!;
  const categoryOf = (option: string) =>
    demoProject.categories.find((c) => c.options.some((o) => o.name === option))!.name;
  const slots = demoProject.categories
    .filter((c) => c.required)
    .flatMap((c) => c.rooms.filter((room) => plan.rooms.includes(room)).map((room) => `${c.name}|${room}`));
  const chosen = new Set(
    [...(buyer.cart?.choices ?? []), ...extra].map(([room, option]) => `${categoryOf(option)}|${room}`),
  );
  return { total: slots.length, done: slots.filter((slot) => chosen.has(slot)).length };
}
