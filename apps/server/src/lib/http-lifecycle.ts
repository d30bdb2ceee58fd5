import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '@decor/core';
import { toErrorReply } from '../plugins/errors.ts';

/** Query parameters whose value is a secret (a reset token, a code, a password). */
const SECRET_PARAMETER = /token|code|secret|password|otp|key/i;
/** Path segments after these carry a secret: reset tokens, share links, access codes. */
const SECRET_AFTER = new Set(['reset-password', 'shared', 'go', 'link']);

/**
 * A request's address as the log keeps it: the secrets some addresses carry (a reset
 * token, a share link, an access code) replaced by "[redacted]" (docs/operations.md, "Logs").
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = pathPart.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_AFTER.has(segments[i - 1]!) && segments[i]) segments[i] = '[redacted]';
  }
  if (queryAt === -1) return segments.join('/');
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is kept as it came
      }
      return equals !== -1 && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${segments.join('/')}?${query}`;
}

/** What a log line says of a request: never its cookies, headers or secrets in its address. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.headers.host,
      remoteAddress: request.ip,
    };
  },
};

/** Answers on the bare connection, in the JSON error model, and closes it. */
function endWith(socket: Socket, error: ReturnType<typeof fail>) {
  // A request the server made of itself (app.inject) has no connection to close.
  if (typeof socket.destroy !== 'function') return;
  if (!socket.writable) return void socket.destroy();
  const { status, body } = toErrorReply(error);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

const answerTimedOut = (socket: Socket) => endWith(socket, fail('request_timeout', 'request.timeout'));

/**
 * A request that never became one (too slow to arrive, not HTTP): answered in the same JSON
 * error model as every other, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET') return void socket.destroy();
  endWith(
    socket,
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? fail('request_timeout', 'request.timeout')
      : fail('bad_request', 'request.malformed'),
  );
}

/**
 * A request's body must have arrived within `ms` of its first byte, or it is answered 408
 * and its connection closed: Node watches only the headers once a request has begun, so a
 * client that promises a body and sends it a byte a minute would hold its connection for ever.
 */
export function requestDeadline(ms: number) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const timer = setTimeout(() => {
      if (!request.raw.complete) answerTimedOut(request.raw.socket);
    }, ms);
    timer.unref();
    // Over once the request is gone or answered: a request the server made of itself (a page's
    // answers, plugins/page-answers.ts) is never "complete" nor closed like one from a socket.
    const clear = () => clearTimeout(timer);
    request.raw.once('close', clear);
    reply.raw.once('finish', clear);
    reply.raw.once('close', clear);
    done();
  };
}
