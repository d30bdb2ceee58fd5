/** The address of a project's host (`demo.localhost`), on this page's scheme and port. */
export function hostUrl(fullKey: string, path = '/'): string {
  const { protocol, port } = window.location;
  return `${protocol}//${fullKey}${port && !fullKey.includes(':') ? `:${port}` : ''}${path}`;
}

/** "1 manager", "2 managers" (English nouns with a plain plural). */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
