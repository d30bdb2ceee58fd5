import Markdown from 'markdown-to-jsx';
import { Typography } from '@mantine/core';

/**
 * Markdown written by project staff (terms of service, descriptions), rendered to React
 * elements with raw HTML switched off, so nothing in it can run or inject markup.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <Typography>
      <Markdown options={{ disableParsingRawHTML: true, forceBlock: true }}>{children}</Markdown>
    </Typography>
  );
}
