import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signatures as Standard Webhooks specifies them (docs/integrations.md, "Verifying"): the secret
 * is `whsec_` and base64 bytes; each delivery carries `webhook-id`, `webhook-timestamp` (Unix
 * seconds) and `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`
 * under the secret's bytes, one per secret that signs (two during a rotation's grace), so the
 * verifiers that exist for that standard accept ours.
 */

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** What the settings screen shows of a secret: its first characters after the prefix. */
export const secretHintOf = (secret: string) => `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,` signature of a delivery. */
export function signatureOf({
  secret,
  id,
  timestamp,
  body,
}: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}) {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery, signed by every secret given. */
export function signedHeaders({
  secrets,
  id,
  timestamp,
  body,
}: {
  secrets: readonly string[];
  id: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf({ secret, id, timestamp, body })).join(' '),
  };
}

/**
 * The receiver's check, as docs/integrations.md shows it: a signature of one of its secrets over
 * exactly these bytes, sent within `toleranceSeconds` of now (an old delivery replayed by
 * someone who caught it is refused). Answers the reason a delivery is refused, or null.
 */
export function verifyDelivery({
  secret,
  headers,
  body,
  now = Date.now(),
  toleranceSeconds = 300,
}: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  now?: number;
  toleranceSeconds?: number;
}): string | null {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = Number(header('webhook-timestamp'));
  const signatures = header('webhook-signature');
  if (!id || !signatures || !Number.isInteger(timestamp)) return 'missing headers';
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return 'timestamp outside the tolerance';
  const expected = Buffer.from(signatureOf({ secret, id, timestamp, body }));
  const matches = signatures
    .split(' ')
    .some((given) => given.length === expected.length && timingSafeEqual(Buffer.from(given), expected));
  return matches ? null : 'no valid signature';
}

/**
 * Signing secrets are read to sign, so they are kept encrypted (AES-256-GCM) under a key drawn
 * from the server's secret, not hashed: a copy of the database alone does not reveal them.
 */
export function secretSealer(serverSecret: string) {
  const key = createHash('sha256').update(`decor webhook secrets\u0000${serverSecret}`).digest();
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${sealed.toString('base64')}`;
    },
    open(sealed: string): string {
      const [, iv, tag, data] = sealed.split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64'));
      decipher.setAuthTag(Buffer.from(tag!, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data!, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretSealer = ReturnType<typeof secretSealer>;
