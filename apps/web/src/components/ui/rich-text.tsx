import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue sentence with marked words (`<b>…</b>`) drawn as elements: the translator keeps
 * the emphasis where their language puts it, and the words never leave the sentence.
 */
export function RichText({ text, tags }: { text: string; tags: Record<string, (chunk: string) => ReactNode> }) {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const render = tags[match[1]!];
    parts.push(text.slice(at, match.index));
    parts.push(render ? <Fragment key={match.index}>{render(match[2]!)}</Fragment> : match[2]);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
