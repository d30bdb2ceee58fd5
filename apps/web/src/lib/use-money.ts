import { useCallback } from 'react';
import { formatMoney, type MoneyFormat } from '@decor/core';
import { useProject } from './project.ts';
import { useLanguage } from './language.ts';
import { useDates } from './use-dates.ts';

/** Minor units in words in a given currency and locale (a shared selection carries its own). */
export function moneyFor(format: MoneyFormat): (minor: number) => string {
  return (minor) => formatMoney(minor, format);
}

/** Formats minor units in the project's currency and locale (a dash until the project is known). */
export function useMoney() {
  const { data: project } = useProject();
  const { locale } = useLanguage();
  return useCallback(
    (minor: number) => (project ? formatMoney(minor, { currency: project.currency, locale }) : '—'),
    [project, locale],
  );
}

/** Formats a date (and time) in the project's locale and time zone (see lib/use-dates.ts). */
export function useDateFormat() {
  const dates = useDates();
  return useCallback(
    (iso: string | null | undefined, withTime = false) => (withTime ? dates.dateTime(iso) : dates.date(iso)),
    [dates],
  );
}
