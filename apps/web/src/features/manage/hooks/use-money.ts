import { useCallback } from 'react';
import { formatMoney } from '@decor/core';
import { useProject } from '../../../lib/project.ts';

/** Formats minor units in the project's currency and locale (a dash until the project is known). */
export function useMoney() {
  const { data: project } = useProject();
  return useCallback(
    (minor: number) => (project ? formatMoney(minor, { currency: project.currency, locale: project.options.locale }) : '—'),
    [project],
  );
}

/** Formats a date (and time) in the project's locale. */
export function useDateFormat() {
  const { data: project } = useProject();
  return useCallback(
    (iso: string | null | undefined, withTime = false) =>
      iso ? new Date(iso).toLocaleString(project?.options.locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }) : '—',
    [project],
  );
}
