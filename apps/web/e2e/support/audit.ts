/**
 * The accessibility audit of a page as it is now (docs/screens.md, "Accessibility"): axe-core's
 * WCAG 2.1 A and AA rules, critical and serious findings only, and what axe-core does not see
 * (words cut short, controls drawn off the screen, text areas too low). The page sweep
 * (accessibility.test.ts) audits every page; a journey that has a screen open which the sweep
 * cannot reach (a paired remote, a banner a configured server shows) audits it in place.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The requests each audited page has in flight (live streams aside: they never end). */
const inFlight = new WeakMap<Page, Set<Request>>();

export function track(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  page.on('request', (request) => request.resourceType() !== 'eventsource' && open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  inFlight.set(page, open);
}

/**
 * Lets the page settle before it is audited: loaded, no request in flight for 300 ms (its data,
 * lazy chunks, fonts), every transition that ends ended, and the frame after drawn. What it waits
 * for, not a fixed time: the audits of every page at two widths are a good part of the suite.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  track(page);
  const open = inFlight.get(page)!;
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // Transitions that end are taken to their end: what is audited is what the page comes to.
  await page.evaluate(async () => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * The critical and serious findings on the page as it is now. Colour contrast, axe-core's
 * costliest rule, is checked at the desktop's width only: the theme gives the same colours at
 * every width, so the phone's sweep checks what the width changes (the layout, the controls drawn
 * in place of others, their names and roles).
 */
async function run(page: Page, label: string): Promise<string[]> {
  const skipContrast = (page.viewportSize()?.width ?? 1280) < 600;
  // Evaluated through the browser's debugging protocol: the page's content security policy rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const findings = await page.evaluate(async (withoutContrast) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string;
              help: string;
              nodes: Array<{ target: string[]; any?: Array<{ message: string }> }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
      ...(withoutContrast ? { rules: { 'color-contrast': { enabled: false } } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')}${n.any?.[0]?.message ? ` — ${n.any[0].message}` : ''}`),
    }));
  }, skipContrast);
  return (findings as Finding[])
    .filter((f) => f.impact === 'critical' || f.impact === 'serious')
    .map((f) => `${label}: ${f.impact} ${f.id} (${f.help}) at ${f.targets.join(' | ')}`);
}

/**
 * What a person on a small screen cannot read or reach (docs/screens.md, "Phones"): a button's
 * or a badge's words cut short, a control drawn beyond the window's edges — a table's
 * actions scrolled off to the side included — and the header's links and buttons drawn over
 * each other. axe-core sees none of them.
 */
async function layoutProblems(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [inert]')
      );
    };
    const name = (el: Element) =>
      (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 60);
    for (const el of document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')) {
      if (visible(el) && el.scrollWidth > el.clientWidth + 1) problems.push(`cut short: “${name(el)}”`);
    }
    // The specification's constant: a textarea is at least 2.6em high (docs/screens.md).
    for (const el of document.querySelectorAll('textarea')) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      if (parseFloat(style.minHeight) < 2.6 * parseFloat(style.fontSize) - 0.05)
        problems.push(`a textarea under 2.6em: “${name(el)}” (${style.minHeight})`);
    }
    const scroller = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && up.scrollWidth > up.clientWidth + 1) return up;
      }
      return null;
    };
    for (const el of document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"]',
    )) {
      if (!visible(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.right <= window.innerWidth + 1 && box.left >= -1) continue;
      const within = scroller(el);
      // A strip of tabs or chips that scrolls sideways is a phone's way; a table's actions scrolled off are hidden actions.
      if (within) {
        if (el.closest('table')) problems.push(`a table's control off to the side: “${name(el)}”`);
      } else if (box.right > 0 && box.left < window.innerWidth) {
        // Wholly outside is a closed drawer's content; half outside is cut by the edge.
        problems.push(`cut by the window's edge: “${name(el)}”`);
      }
    }
    // The frame's header on a narrow screen: its name, menu and buttons each in their own place.
    const headerControls = [
      ...document.querySelectorAll('.mantine-AppShell-header a[href], .mantine-AppShell-header button'),
    ].filter(visible);
    for (const [i, a] of headerControls.entries()) {
      for (const b of headerControls.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const [ra, rb] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const overlap = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        if (overlap > 1 && Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 1)
          problems.push(`drawn over each other in the header: “${name(a)}” and “${name(b)}”`);
      }
    }
    return [...new Set(problems)];
  });
  return found.map((problem) => `${label}: ${problem}`);
}

/**
 * Audits the settled page. A finding is reported when it is still there a moment later: text
 * caught half-way through a fade that began after the page looked settled is no finding, and
 * anything that stays is.
 */
export async function audit(page: Page, label: string): Promise<string[]> {
  await settle(page);
  const found = [...(await run(page, label)), ...(await layoutProblems(page, label))];
  if (found.length === 0) return found;
  await page.waitForTimeout(500);
  await settle(page);
  return [...(await run(page, label)), ...(await layoutProblems(page, label))];
}
