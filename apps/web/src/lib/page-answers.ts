/**
 * The API's answers a signed-in person's page carries (docs/performance.md, "First paint"): the
 * server asked them with the person's own credentials while it wrote the page. Each is taken
 * once, by the first GET of exactly that address, and only in the first half-minute of the
 * page; every later request, and anything the page did not carry, goes to the server.
 */
const FRESH_FOR_MS = 30_000;

let answers: Map<string, unknown> | null = null;
const readAt = typeof performance === 'undefined' ? 0 : performance.now();

function carried(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById('page-answers')?.textContent;
  if (text) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        for (const [path, body] of Object.entries(parsed)) answers.set(path, body);
    } catch {
      // not the server's: ask it
    }
  }
  return answers;
}

/** The page's answer to a GET of this address, once; undefined when it has none (or no longer). */
export function takePageAnswer(path: string): unknown {
  const all = carried();
  if (!all.size) return undefined;
  if (performance.now() - readAt > FRESH_FOR_MS) {
    all.clear();
    return undefined;
  }
  const answer = all.get(path);
  all.delete(path);
  return answer;
}

/** Forgets what the page carried (someone else signed in: the answers were not theirs). */
export function forgetPageAnswers(): void {
  carried().clear();
}
