import type { FastifyReply } from 'fastify';

/** PostgreSQL already wrote the JSON: send its text as it is. */
export const sendJson = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).type('application/json; charset=utf-8').send(body);
