import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';

const flags = { bypassGuards: true };

/**
 * /embed: the builder's widget. The server answers this address with the widget itself, a small
 * page of its own (docs/public-pages.md, "The widget"); should the app ever route here in the
 * browser, it loads that page. It skips every guard.
 */
export const Route = createFileRoute('/_fullpage/embed')({
  staticData: { flags, layout: 'fullpage' },
  component: Embed,
});

function Embed() {
  useEffect(() => window.location.replace(window.location.href), []);
  return null;
}
