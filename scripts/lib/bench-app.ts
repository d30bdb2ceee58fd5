/** The demo's host as a browser names it, and a manager's session cookie on an app built in-process (the benches'). */
export const DEMO_HEADERS = { host: 'demo.localhost', origin: 'http://demo.localhost' };

export async function managerCookie(
  app: { inject(request: object): Promise<{ headers: Record<string, unknown> }> },
  password: string,
): Promise<string> {
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: DEMO_HEADERS,
    payload: { email: 'manager@demo.test', password },
  });
  return [signedIn.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
}
