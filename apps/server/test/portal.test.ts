import { describe, expect, it } from 'vitest';
import { envResponseSchema, projectResponseSchema } from '@decor/core';
import { featureFlags } from '../src/db/schema/index.ts';
import { createTestApp, onProject, testDbKind, TEST_PORTAL_HOST } from './support/test-app.ts';

const { app, db } = await createTestApp({
  env: { SESSION_RECORDING_ID: '3512345', ANALYTICS_ID: 'G-TEST12345' },
});

describe(`GET /api/health (${testDbKind})`, () => {
  it('answers with the database in use', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDbKind });
  });
});

describe(`GET /api/env (${testDbKind})`, () => {
  it('gives the decor API base as the server origin, integrations and features', async () => {
    await db.insert(featureFlags).values([
      { key: 'explore3d', enabled: true },
      { key: 'inquiries', enabled: false },
    ]);
    const response = await app.inject({ method: 'GET', url: '/api/env', headers: onProject('demo') });
    expect(response.statusCode).toBe(200);
    const body = envResponseSchema.parse(response.json());
    expect(body).toEqual({
      decorApiUrl: `http://demo.${TEST_PORTAL_HOST}`,
      isAdmin: false,
      integrations: { sessionRecording: { id: '3512345', version: 6 }, analytics: { id: 'G-TEST12345' } },
      features: { explore3d: true, inquiries: false, oidcSignIn: false },
    });
  });

  it('says isAdmin false to a visitor', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/env' });
    expect(response.json().isAdmin).toBe(false);
  });
});

describe(`GET /api/me (${testDbKind})`, () => {
  it('is 401 with a JSON error for a visitor', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Sign in to continue.', key: 'session.sign-in' },
    });
  });
});

describe(`GET /api/project (${testDbKind})`, () => {
  it('gives the project named by the ProjectId header', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/project', headers: { projectid: 'demo' } });
    expect(response.statusCode).toBe(200);
    const project = projectResponseSchema.parse(response.json());
    expect(project).toMatchObject({
      key: 'demo',
      name: 'Maple Residences',
      currency: 'CAD',
      theme: { logoBg: '#0f3d33', primary: '#1f6f5c', secondary: '#c8a97e' },
      options: { locale: 'en-CA', unitSystem: 'metric' },
    });
    expect(project.options.termsOfService).toContain('Terms of service');
  });

  it('falls back to the subdomain of the host', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/project', headers: onProject('harbour') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key: 'harbour', name: 'Harbour Lofts', currency: 'USD' });
  });

  it('lets the header win over the host', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/project',
      headers: { ...onProject('demo'), projectid: 'harbour' },
    });
    expect(response.json().key).toBe('harbour');
  });

  it('orders the rooms foyer, living, kitchen, then the rest', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/project', headers: { projectid: 'demo' } });
    const names = (response.json().rooms as Array<{ name: string }>).map((room) => room.name);
    expect(names.slice(0, 3)).toEqual(['Foyer', 'Living Room', 'Kitchen']);
    expect(names).toHaveLength(7);
    expect(names.slice(3).sort()).toEqual(['Main Bathroom', 'Primary Bedroom', 'Primary Ensuite', 'Second Bedroom']);
  });

  it('does not mix projects: harbour has only its own rooms', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/project', headers: { projectid: 'harbour' } });
    expect((response.json().rooms as Array<{ name: string }>).map((room) => room.name)).toEqual([
      'Entry',
      'Living Room',
      'Kitchen',
      'Bathroom',
      'Bedroom',
    ]);
  });

  it('is a JSON 404 for an unknown project', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/project', headers: { projectid: 'nowhere' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'There is no project "nowhere".',
        key: 'project.unknown',
        params: { key: 'nowhere' },
      },
    });
  });

  it('is a JSON 400 when no project is named', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/project' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });

  it('treats a malformed key as no project at all', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/project', headers: { projectid: "demo' OR 1=1" } });
    expect(response.statusCode).toBe(400);
  });
});
