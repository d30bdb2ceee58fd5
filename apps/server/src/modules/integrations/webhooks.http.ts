import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_TIMEOUT_MS } from '@decor/core';

/**
 * Where webhooks may go (docs/integrations.md, "Safety"): a public address on the internet, not
 * the portal's own network. An endpoint's host is resolved and every address checked when it
 * is saved, and again as each delivery connects (a name that later resolves elsewhere is
 * caught then); redirects are never followed. The operator may allow hosts of their own
 * network by name (WEBHOOK_ALLOWED_HOSTS): those are trusted as written, and may use http.
 */

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** Whether an address is one webhooks may reach: not loopback, private, link-local (the clouds' metadata), reserved or multicast. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as what it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    if (/^::ffff:/i.test(address) || /^::(\d|$)/.test(address)) return false;
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

export type Resolve = (hostname: string) => Promise<string[]>;
/** The system's resolver: every address of a name. */
export const systemResolve: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface AddressPolicy {
  /** Hosts (`name` or `name:port`) the operator allows on the portal's own network. */
  allowedHosts: readonly string[];
  resolve: Resolve;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
const isAllowed = (url: URL, policy: AddressPolicy) =>
  policy.allowedHosts.some(
    (entry) => entry.toLowerCase() === url.host.toLowerCase() || entry.toLowerCase() === url.hostname.toLowerCase(),
  );

/** Why an endpoint's address may not be used (a key of the message catalogue), or null when it may. */
export async function refusalOfUrl(
  raw: string,
  policy: AddressPolicy,
): Promise<
  | 'webhooks.url-invalid'
  | 'webhooks.url-https'
  | 'webhooks.url-credentials'
  | 'webhooks.url-private'
  | 'webhooks.url-unresolved'
  | null
> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhooks.url-invalid';
  }
  if (url.username || url.password) return 'webhooks.url-credentials';
  const allowed = isAllowed(url, policy);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) return 'webhooks.url-https';
  if (allowed) return null;
  const host = hostOf(url);
  if (net.isIP(host)) return isPublicAddress(host) ? null : 'webhooks.url-private';
  let addresses: string[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    return 'webhooks.url-unresolved';
  }
  if (!addresses.length) return 'webhooks.url-unresolved';
  return addresses.every(isPublicAddress) ? null : 'webhooks.url-private';
}

/** A lookup for the connection that refuses a name resolving to a non-public address (checked as it connects). */
function guardedLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 6 ? 6 : options.family === 4 ? 4 : 0;
        const usable = addresses.filter((address) => !wanted || net.isIP(address) === wanted);
        const refused = usable.find((address) => !isPublicAddress(address));
        if (refused || !usable.length) {
          callback(
            Object.assign(new Error(`refused address ${refused ?? 'none'} for ${hostname}`), {
              code: 'EREFUSED_ADDRESS',
            }),
            '',
            4,
          );
          return;
        }
        if (options.all)
          (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(
            null,
            usable.map((address) => ({ address, family: net.isIP(address) })),
          );
        else callback(null, usable[0]!, net.isIP(usable[0]!));
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}

export interface PostOutcome {
  status: number | null;
  ok: boolean;
  durationMs: number;
  /** The answer's first bytes (WEBHOOK_RESPONSE_EXCERPT_BYTES), as text. */
  response: string;
  error: string | null;
}

/**
 * POSTs one delivery: a 2xx within WEBHOOK_TIMEOUT_MS is success; anything else (another
 * status, a redirect, a timeout, a refused address, a closed connection) is a failure with its
 * reason. Never throws.
 */
export function postDelivery({
  url: raw,
  body,
  headers,
  policy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: AddressPolicy;
  timeoutMs?: number;
}): Promise<PostOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<PostOutcome, 'durationMs'>): PostOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      resolve(done({ status: null, ok: false, response: '', error: 'not an address' }));
      return;
    }
    const allowed = isAllowed(url, policy);
    const host = hostOf(url);
    if (!allowed && (url.protocol !== 'https:' || (net.isIP(host) && !isPublicAddress(host)))) {
      resolve(done({ status: null, ok: false, response: '', error: 'refused address' }));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(done(outcome));
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'DecorPortal-Webhooks/1',
          ...headers,
        },
        ...(allowed ? {} : { lookup: guardedLookup(policy.resolve) }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        const end = () =>
          finish({
            status,
            ok,
            response: Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES).toString('utf8'),
            error: ok ? null : status !== null && status >= 300 && status < 400 ? 'redirect not followed' : null,
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_EXCERPT_BYTES) end();
        });
        response.on('end', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(
      () => finish({ status: null, ok: false, response: '', error: `no answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        status: null,
        ok: false,
        response: '',
        error: error.code === 'EREFUSED_ADDRESS' ? 'refused address' : (error.code ?? error.message).slice(0, 200),
      }),
    );
    request.end(body);
  });
}
