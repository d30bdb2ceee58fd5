/**
 * The first number, date or name comparison a page makes loads the browser's locale data
 * (about 10 ms on a fast machine, four times that on a mid-range phone), inside the render that
 * first shows prices. For a signed-in person's page of a project, that cost is paid here instead,
 * while the page's own code is still on its way (docs/performance.md, "First paint").
 */
export function warmUpFormatting(): void {
  if (typeof document === 'undefined') return;
  const project = projectInPage();
  if (!project) return;
  const locale = typeof project.options?.locale === 'string' ? project.options.locale : 'en-CA';
  const currency = typeof project.currency === 'string' ? project.currency : 'CAD';
  const timeZone = typeof project.options?.timeZone === 'string' ? project.options.timeZone : 'UTC';
  const run = () => {
    try {
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(0);
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone,
      }).format(0);
      'a'.localeCompare('b');
    } catch {
      // a project's unknown currency or zone: the pages say so themselves
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

function projectInPage(): { currency?: unknown; options?: { locale?: unknown; timeZone?: unknown } } | null {
  try {
    return JSON.parse(document.getElementById('project-data')?.textContent ?? 'null') as ReturnType<
      typeof projectInPage
    >;
  } catch {
    return null;
  }
}
