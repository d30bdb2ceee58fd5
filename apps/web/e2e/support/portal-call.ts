import http from 'node:http';

/** An answer of the portal to a call from the test runner: its status, its body as text and the cookies it set. */
export interface PortalAnswer {
  status: number;
  text: string;
  setCookies: string[];
}

/**
 * A call to the portal from the test runner, over a real socket to loopback with the project's
 * Host (Node resolves no *.localhost name as Chromium does, and its fetch would not send the Host).
 */
export function callPortal({
  host,
  method,
  path,
  body,
  headers = {},
}: {
  /** `demo.localhost:port`: which project answers. */
  host: string;
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}): Promise<PortalAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: Number(host.split(':')[1]),
        method,
        path,
        headers: {
          host,
          origin: `http://${host}`,
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text, setCookies: response.headers['set-cookie'] ?? [] }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The body as JSON, or a failure that says what came instead. */
export function jsonOf({ status, text }: PortalAnswer): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the portal answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}
