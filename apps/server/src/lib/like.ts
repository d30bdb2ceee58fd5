/** Text for an ILIKE pattern, matched as itself: `%`, `_` and `\` lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
