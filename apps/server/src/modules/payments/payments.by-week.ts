import { isoDayOf, projectOptionsSchema } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { ProjectRow } from '../projects/index.ts';
import { standingOfRow } from './payments.operations.ts';
import { projectMoney, receivedByWeek, unitsOfProject } from './payments.repo.ts';

/** The Monday of a day's week (days as `YYYY-MM-DD`, counted as dates, not instants). */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

const nextWeek = (monday: string) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);

export interface MoneyWeek {
  week: string;
  due: number;
  received: number;
  overdue: number;
}

/**
 * Money by week (docs/reports.md, "Money"): for each week (Monday to Sunday) from the one holding
 * `from` to the one holding `to` (days of the project's zone), what the signed selections' schedules make due that
 * week, what was received (payments less refunds, by the day the money moved) and what of it is
 * overdue today; with the same schedule and ledger the payments list reads. `units` keeps the
 * selections of those units only (a plan or floor filter).
 */
export async function moneyByWeek(
  db: Db,
  project: ProjectRow,
  {
    from,
    to,
    units,
    now = new Date(),
  }: { from: string; to: string; units?: (unit: { plan: string | null; floor: number | null }) => boolean; now?: Date },
) {
  const options = projectOptionsSchema.parse(project.options ?? {});
  const today = isoDayOf(now, options.timeZone);
  // Whole weeks: from the Monday of `from`'s week to the Sunday of `to`'s.
  const first = mondayOf(from);
  const last = new Date(Date.parse(`${mondayOf(to)}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  const [rows, received, unitRows] = await Promise.all([
    projectMoney(db, project.id),
    receivedByWeek(db, project.id, first, last),
    unitsOfProject(db, project.id),
  ]);
  const kept = new Set(unitRows.filter((unit) => !units || units(unit)).map((unit) => unit.id));
  const weeks = new Map<string, MoneyWeek>();
  for (let week = first; week <= last; week = nextWeek(week))
    weeks.set(week, { week, due: 0, received: 0, overdue: 0 });
  let undated = 0;
  for (const row of rows) {
    if (!kept.has(row.unit_id)) continue;
    for (const item of standingOfRow(row, today, options.timeZone).standing) {
      if (!item.dueDay) {
        if (item.state !== 'paid') undated += item.amount - item.covered;
        continue;
      }
      const week = weeks.get(mondayOf(item.dueDay));
      if (!week) continue;
      week.due += item.amount;
      if (item.state === 'overdue') week.overdue += item.amount - item.covered;
    }
  }
  for (const entry of received) {
    const week = weeks.get(entry.week);
    if (week && kept.has(entry.unit_id)) week.received += entry.amount;
  }
  const list = [...weeks.values()];
  const sum = (key: 'due' | 'received' | 'overdue') => list.reduce((total, week) => total + week[key], 0);
  return { weeks: list, total: { due: sum('due'), received: sum('received'), overdue: sum('overdue'), undated } };
}
