import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { errorBodySchema } from '@decor/core';
import { projects } from '../src/db/schema/index.ts';
import { JSON_BODY_LIMIT_BYTES } from '../src/app.ts';
import { createTestApp, testDbKind } from './support/test-app.ts';
import { z } from 'zod';

const { app, db } = await createTestApp({ seed: false });

// Routes that exist only in this test, to drive the error handler from the inside.
app.post(
  '/api/test/echo',
  { schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) } },
  async (request) => request.body,
);
app.get('/api/test/crash', async () => {
  throw new Error('SELECT password FROM accounts WHERE id = 1 -- secret detail');
});
app.post('/api/test/duplicate-project', async () => {
  const row = {
    id: uuidv7(),
    key: 'dup',
    name: 'Dup',
    currency: 'CAD',
    theme: { logoBg: '#000000', primary: '#111111', secondary: '#222222' },
  };
  await db.insert(projects).values(row);
  await db.insert(projects).values({ ...row, id: uuidv7() });
  return { ok: true };
});

function expectJsonError(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/json');
  const body = errorBodySchema.parse(JSON.parse(response.body));
  expect(body.error.code).toBe(code);
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
  expect(response.body).not.toMatch(/SELECT|INSERT|duplicate key|constraint/i); // no SQL
  return body;
}

describe(`the JSON error model (${testDbKind})`, () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no/such/thing' });
    const body = expectJsonError(response, 404, 'not_found');
    expect(body.error.message).toBe('There is no GET /api/no/such/thing.');
  });

  it('answers an unknown API method with a JSON 404', async () => {
    expectJsonError(await app.inject({ method: 'DELETE', url: '/api/env' }), 404, 'not_found');
  });

  it('refuses broken JSON with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x", ',
    });
    expect(expectJsonError(response, 400, 'bad_request').error.message).toBe('The request body is not valid JSON.');
  });

  it('refuses an empty JSON body with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectJsonError(response, 400, 'bad_request');
  });

  it('names every failing field of an invalid body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '', count: 'three' } });
    const body = expectJsonError(response, 400, 'bad_request');
    const fields = (body.error.details as { issues: Array<{ field: string }> }).issues.map((issue) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.count']));
  });

  it('refuses a body over the limit with a 413', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES), count: 1 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectJsonError(response, 413, 'payload_too_large');
  });

  it('refuses a content type it does not read with a 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expectJsonError(response, 415, 'unsupported_media_type');
  });

  it('hides the message of an unexpected failure', async () => {
    const body = expectJsonError(await app.inject({ method: 'GET', url: '/api/test/crash' }), 500, 'internal');
    expect(body.error.message).toBe('Something went wrong on our side.');
  });

  it('turns a unique violation into a 409 without SQL, and keeps the first row', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/duplicate-project' });
    expectJsonError(response, 409, 'conflict');
    const rows = await db.select().from(projects);
    expect(rows.filter((row) => row.key === 'dup')).toHaveLength(1);
  });
});
