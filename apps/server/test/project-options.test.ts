import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../src/db/client.ts';

/**
 * A project's settings are validated strictly wherever they can be written (docs/admin.md,
 * "Configs"): the managers' settings (PATCH /api/projects/{id}), the admins' config editor,
 * the new-project wizard and a bundle's import. An unknown key is refused by name, a currency
 * must be ISO 4217 and a locale a language the portal can speak; nothing is changed.
 */
const { app, db } = await createTestApp();
const admin = (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie;
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (cookie: string, method: Method, url: string, payload?: object, host = `demo.${TEST_PORTAL_HOST}`) =>
  app.inject({ method, url, headers: browserHeaders(cookie, host), ...(payload ? { payload } : {}) });

interface Config {
  name: string;
  currency: string;
  options: Record<string, unknown>;
  features: Record<string, boolean>;
  theme: Record<string, unknown>;
}
const demo = (await call(admin, 'GET', '/api/project')).json() as { _id: string; _version: number };
const configOf = async () =>
  (await call(admin, 'GET', `/api/admin/projects/${demo._id}/config`)).json() as { _version: number; config: Config };
const bundle = (await call(admin, 'GET', `/api/admin/projects/${demo._id}/export`)).json() as {
  project: Config & { key: string };
};

/** What is wrong, how to put it into a settings document, and what the refusal must name. */
const WRONG: Array<{ name: string; spoil: (c: Config) => Config; names: string }> = [
  {
    name: 'an unknown option (a renamed tagline)',
    spoil: (c) => ({ ...c, options: { ...c.options, tagLine: 'Renamed' } }),
    names: 'tagLine',
  },
  { name: 'an invented currency', spoil: (c) => ({ ...c, currency: 'XYZ' }), names: 'currency' },
  { name: 'a currency with a digit', spoil: (c) => ({ ...c, currency: 'XYZ1' }), names: 'currency' },
  {
    name: 'a locale that is no language',
    spoil: (c) => ({ ...c, options: { ...c.options, locale: 'english' } }),
    names: 'locale',
  },
  {
    name: 'a locale of an unknown region',
    spoil: (c) => ({ ...c, options: { ...c.options, locale: 'en-ZZ' } }),
    names: 'locale',
  },
  { name: 'a locale without data', spoil: (c) => ({ ...c, options: { ...c.options, locale: 'xx' } }), names: 'locale' },
];

/** Every way a project's settings are written, each sending a spoilt document. */
const WRITES: Array<{ name: string; send: (spoilt: Config, base: Config) => ReturnType<typeof call> }> = [
  {
    name: 'the managers’ settings',
    send: (spoilt, base) => {
      // Only what differs from the current settings, as the settings page sends it.
      const options = Object.fromEntries(
        Object.entries(spoilt.options).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(base.options[k])),
      );
      return call(manager, 'PATCH', `/api/projects/${demo._id}`, {
        ...(spoilt.currency !== base.currency ? { currency: spoilt.currency } : {}),
        ...(Object.keys(options).length ? { options } : {}),
      });
    },
  },
  {
    name: 'the config editor',
    send: async (spoilt) =>
      call(admin, 'PUT', `/api/admin/projects/${demo._id}/config`, {
        config: spoilt,
        _version: (await configOf())._version,
      }),
  },
  {
    name: 'the new-project wizard',
    send: (spoilt) =>
      call(
        admin,
        'POST',
        '/api/admin/projects',
        {
          key: 'wizard-spoilt',
          name: 'Spoilt',
          currency: spoilt.currency,
          options: {
            locale: spoilt.options.locale,
            timeZone: 'America/Toronto',
            unitSystem: 'metric',
            ...(spoilt.options.tagLine ? { tagLine: spoilt.options.tagLine } : {}),
          },
          theme: { primary: '#7a3e9d', secondary: '#f2c14e', logoBg: '#2b1140' },
          catalogue: 'empty',
          manager: { email: 'm@example.test' },
        },
        TEST_PORTAL_HOST,
      ),
  },
  {
    name: 'a bundle’s import',
    send: (spoilt) =>
      call(
        admin,
        'POST',
        '/api/admin/projects/import',
        {
          key: 'bundle-spoilt',
          bundle: { ...bundle, project: { ...bundle.project, currency: spoilt.currency, options: spoilt.options } },
        },
        TEST_PORTAL_HOST,
      ),
  },
];

describe(`a project's settings, wherever they are written (${testDbKind})`, () => {
  it('refuse an unknown key by name, an invented currency and a locale that is no language, and change nothing', async () => {
    const base = (await configOf()).config;
    const failures: string[] = [];
    for (const write of WRITES) {
      for (const wrong of WRONG) {
        const answer = await write.send(wrong.spoil(structuredClone(base)), base);
        const error = answer.json().error as
          { message: string; details?: { issues?: Array<{ field: string; message: string }> } } | undefined;
        const said = `${error?.message ?? ''} ${JSON.stringify(error?.details ?? '')}`;
        if (answer.statusCode !== 400 || !said.includes(wrong.names))
          failures.push(`${write.name}, ${wrong.name}: ${answer.statusCode} ${said.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await configOf()).config).toEqual(base);
    const made = (
      await call(admin, 'GET', '/api/admin/projects?q=spoilt', undefined, TEST_PORTAL_HOST)
    ).json() as unknown[];
    expect(made).toEqual([]);
  });

  it('take what is right: a real currency and a language with its region', async () => {
    const { config, _version } = await configOf();
    const saved = await call(admin, 'PUT', `/api/admin/projects/${demo._id}/config`, {
      config: { ...config, currency: 'EUR', options: { ...config.options, locale: 'fr-CA' } },
      _version,
    });
    expect(saved.statusCode).toBe(200);
    expect((await configOf()).config).toMatchObject({ currency: 'EUR', options: { locale: 'fr-CA' } });
    const patched = await call(manager, 'PATCH', `/api/projects/${demo._id}`, {
      currency: 'CAD',
      options: { locale: 'en-CA' },
    });
    expect(patched.statusCode).toBe(200);
  });

  it('restore a kept version only when it is valid today, saying what is wrong otherwise', async () => {
    const { _version, config } = await configOf();
    // A version kept before the rules tightened: its options hold a renamed key.
    await sqlRows(
      db,
      sql`INSERT INTO project_versions (project_id, version, config) VALUES (${demo._id}, 9000, ${JSON.stringify({ ...config, options: { ...config.options, tagLine: 'Old' } })}::jsonb)`,
    );
    const refused = await call(admin, 'POST', `/api/admin/projects/${demo._id}/config/restore`, {
      version: 9000,
      _version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('tagLine');
    expect((await configOf())._version).toBe(_version);
  });
});
