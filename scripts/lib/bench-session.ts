import http from 'node:http';

/** The demo accounts' password in every bench (the server is started with it as DEMO_PASSWORD). */
export const BENCH_PASSWORD = 'Bench-password-2026';

/** Signs a demo account in on the demo subdomain and returns its session cookie; anything but a 200 is refused. */
export function signInCookie(port: number, email: string, password = BENCH_PASSWORD): Promise<string> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ email, password });
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/sign-in/email',
        method: 'POST',
        headers: {
          host: `demo.localhost:${port}`,
          origin: `http://demo.localhost:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        const cookie = (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
        response.on('end', () =>
          response.statusCode === 200 && cookie ? resolve(cookie) : reject(new Error(`sign-in as ${email} answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
