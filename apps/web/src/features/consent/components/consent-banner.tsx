import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { forgetAnalyticsCookies } from '../analytics-loader.ts';
import { saveConsent, type Consent } from '../consent.ts';
import { useProject } from '../../../lib/project.ts';
import { useT } from '../../../lib/i18n.ts';

interface Configured {
  sessionRecording: { id: string | null };
  analytics: { id: string | null };
}

/**
 * The consent banner (docs/public-pages.md, "Analytics"): Accept and Reject side by side, the same
 * size and weight, and "Choose" for each kind. A "no" after a "yes" removes the providers'
 * cookies and reloads, so that nothing already loaded keeps running.
 *
 * It asks without standing in the way: a region after the page (the page's own skip link stays
 * the first thing a keyboard reaches, and nothing traps the focus), and while it shows, the page
 * keeps room for it at its end, so it covers nothing a person cannot scroll into view.
 */
export default function ConsentBanner({
  configured,
  initial,
  onDone,
}: {
  configured: Configured;
  initial: Consent | null;
  onDone: () => void;
}) {
  const { data: project } = useProject();
  const t = useT();
  const [isChoosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState({
    recording: initial?.recording ?? false,
    analytics: initial?.analytics ?? false,
  });
  const kinds = [
    ...(configured.sessionRecording.id ? [{ key: 'recording' as const, label: t('app.consent.recording') }] : []),
    ...(configured.analytics.id ? [{ key: 'analytics' as const, label: t('app.consent.analytics') }] : []),
  ];
  const decide = (next: { recording: boolean; analytics: boolean }) => {
    const withdrew = (initial?.recording && !next.recording) || (initial?.analytics && !next.analytics);
    saveConsent(next);
    onDone();
    if (withdrew) {
      forgetAnalyticsCookies();
      location.reload();
    }
  };
  const all = { recording: Boolean(configured.sessionRecording.id), analytics: Boolean(configured.analytics.id) };
  const banner = useRef<HTMLDivElement>(null);
  useKeptRoom(banner);
  return (
    <Paper
      ref={banner}
      component="section"
      aria-label={t('app.consent.settings')}
      data-testid="consent-banner"
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      pos="fixed"
      bottom={12}
      left={12}
      right={12}
      maw={560}
      style={{ zIndex: 400 }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('app.consent.text', { site: project?.name ?? t('app.consent.this-site') })}</Text>
        {isChoosing && (
          <Stack gap={6}>
            {kinds.map((kind) => (
              <Checkbox
                key={kind.key}
                label={kind.label}
                checked={choice[kind.key]}
                onChange={(e) => setChoice({ ...choice, [kind.key]: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        )}
        <Group gap="sm" grow>
          <Button onClick={() => decide({ recording: false, analytics: false })}>{t('app.consent.reject')}</Button>
          <Button onClick={() => decide(all)}>{t('app.consent.accept')}</Button>
        </Group>
        {isChoosing ? (
          <Button variant="subtle" onClick={() => decide(choice)}>
            {t('app.consent.save')}
          </Button>
        ) : (
          <Button variant="subtle" onClick={() => setChoosing(true)}>
            {t('app.consent.choose')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Keeps room at the end of the page for a box fixed over its bottom, as tall as the box is, while it shows. */
function useKeptRoom(box: { current: HTMLElement | null }) {
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const keep = () => {
      body.style.paddingBottom = `${Math.ceil(element.getBoundingClientRect().height) + 24}px`;
    };
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = before;
    };
  }, [box]);
}
