import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, onProject, testDbKind, TEST_PORTAL_HOST } from './support/test-app.ts';

const { app } = await createTestApp({ seed: false });

describe(`serving the web app (${testDbKind})`, () => {
  it('serves index.html for any page path, with the portal host and no caching', async () => {
    for (const url of ['/', '/configure', '/manage/models/options/123', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url, headers: onProject('demo') });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<meta name="portal-host" content="${TEST_PORTAL_HOST}">`);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets with a year of caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app")');
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("app")');
  });

  it('never answers an API path with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers a POST to a page path with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/configure' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe(`security headers (${testDbKind})`, () => {
  it('sets a content security policy and the usual protections on pages and API', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await app.inject({ method: 'GET', url, headers: onProject('demo') });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('lets other sites frame /embed only', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed', headers: onProject('demo') });
    expect(String(response.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});
