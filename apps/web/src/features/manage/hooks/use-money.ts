import { useCallback } from 'react';
import { formatMoney } from '@decor/core';
import { useProject } from '../../../lib/project.ts';
import { useDates } from '../../../lib/use-dates.ts';

/** Formats minor units in the project's currency and locale (a dash until the project is known). */
export function useMoney() {
  const { data: project } = useProject();
  return useCallback(
    (minor: number) => (project ? formatMoney(minor, { currency: project.currency, locale: project.options.locale }) : '—'),
    [project],
  );
}

/** Formats a date (and time) in the project's locale and time zone (see lib/use-dates.ts). */
export function useDateFormat() {
  const dates = useDates();
  return useCallback((iso: string | null | undefined, withTime = false) => (withTime ? dates.dateTime(iso) : dates.date(iso)), [dates]);
}
