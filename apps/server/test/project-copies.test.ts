import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sqlRows } from '../src/db/client.ts';
import { recipients } from './support/mail-catcher.ts';
import { multipart } from './support/multipart.ts';
import { CLAIMED_TYPES, HOSTILE_FILES } from './support/hostile-files.ts';
import { storageFor } from '../src/modules/files/storages.ts';
import { resolveCollectionRows } from '../src/modules/decor/collections.registry.ts';

/**
 * Copies of a project (docs/admin.md, "Data"; decision 027): a bundle becomes a new project
 * through the one write path, with new ids for every item and file, files checked by their
 * bytes, and nobody made a member by the bundle; and lookups by id, token or code answer
 * only in the project they are asked in, even where two projects share ids (as copies made
 * before did).
 */
const { app, db, mail, config } = await createTestApp({ withMail: true, env: { UPLOAD_MAX_BYTES: String(64 * 1024) } });
const { storage } = storageFor(config);

type Who = 'admin' | 'manager' | 'buyer' | 'harbourBuyer';
const cookies: Record<Who, string> = {
  admin: (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie,
  manager: (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie,
  buyer: (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie,
  harbourBuyer: (await signIn(app, 'buyer@harbour.test', TEST_DEMO_PASSWORD)).cookie,
};
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: Who | null, method: Method, url: string, payload?: object, host = `demo.${TEST_PORTAL_HOST}`) =>
  app.inject({
    method,
    url,
    headers: browserHeaders(who ? cookies[who] : undefined, host),
    ...(payload ? { payload } : {}),
  });
const on = (key: string) => `${key}.${TEST_PORTAL_HOST}`;

interface BundleFile {
  id: string;
  name: string;
  type: string;
  width: number | null;
  height: number | null;
  configs: Record<string, unknown>;
  createdAt: string;
  content: string;
  thumbnails: Array<{ size: number; width: number; height: number; bytes: number; content: string }>;
}
interface Bundle {
  project: {
    key: string;
    name: string;
    currency: string;
    options: Record<string, unknown>;
    features: unknown;
    theme: Record<string, unknown>;
  };
  collections: unknown[];
  items: Array<{
    collection: string;
    id: string;
    version: number;
    data: Record<string, unknown>;
    createdAt: string;
    updatedAt: string;
  }>;
  memberships: Array<{ userId: string; email: string; role: 'purchaser' | 'manager' }>;
  files: BundleFile[];
}

const demo = (await call('admin', 'GET', '/api/project')).json() as { _id: string };
const exported = await call('admin', 'GET', `/api/admin/projects/${demo._id}/export`);
const bundle = exported.json() as Bundle;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A bundle's items with every id replaced by what it names (an item's name or SKU, a cart by
 * its unit, a file by its name): two projects holding the same data under other ids compare equal.
 */
function labelled(items: Bundle['items'], files: BundleFile[], collections: unknown[]) {
  // As the engine stores them: with the defaults their schema gives (an empty history, revision 1).
  const resolved = new Map(
    resolveCollectionRows(collections as Parameters<typeof resolveCollectionRows>[0]).map((c) => [c.name, c]),
  );
  items = items.map((item) => {
    const data = structuredClone(item.data);
    resolved.get(item.collection)!.validate(data);
    return { ...item, data };
  });
  const byId = new Map(items.map((item) => [item.id, item]));
  const fileNames = new Map(files.map((file) => [file.id, `file:${file.name}`]));
  const label = (id: string, depth = 0): string => {
    const item = byId.get(id);
    if (!item) return fileNames.get(id) ?? `unknown:${id}`;
    const own = item.data.name ?? item.data.sku;
    if (typeof own === 'string') return `${item.collection}:${own}`;
    const unit = typeof item.data.unit === 'string' && depth < 3 ? label(item.data.unit, depth + 1) : '';
    return `${item.collection}:of ${unit}:${String(item.data.status ?? '')}`;
  };
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : value;
  return items
    .map((item) => `${item.collection} ${JSON.stringify(sorted(item.data)).replace(UUID, (id) => label(id))}`)
    .sort();
}

const importBundle = (body: object, who: Who = 'admin') =>
  call(who, 'POST', '/api/admin/projects/import', body, TEST_PORTAL_HOST);
const countOf = async (table: 'projects' | 'files' | 'items' | 'memberships') =>
  Number((await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n);

describe(`a project's copy (${testDbKind})`, () => {
  it('is the same data under new ids: every item written through the engine, files stored again, nobody made a member', async () => {
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="demo-\d{4}-\d{2}-\d{2}\.json"/);
    expect(bundle.memberships.length).toBeGreaterThan(0);

    const imported = await importBundle({ key: 'demo-copy', name: 'Maple Copy', bundle });
    expect(imported.statusCode).toBe(201);
    const copy = imported.json() as {
      _id: string;
      items: number;
      files: number;
      invited: unknown[];
      peopleNotAdded: number;
    };
    expect(copy).toMatchObject({
      items: bundle.items.length,
      files: bundle.files.length,
      invited: [],
      peopleNotAdded: bundle.memberships.length,
    });

    const again = (await call('admin', 'GET', `/api/admin/projects/${copy._id}/export`)).json() as Bundle;
    // No id of the source is an id in the copy.
    const sourceIds = new Set([...bundle.items.map((i) => i.id), ...bundle.files.map((f) => f.id)]);
    expect(
      [...again.items.map((i) => i.id), ...again.files.map((f) => f.id)].filter((id) => sourceIds.has(id)),
    ).toEqual([]);
    expect(
      JSON.stringify(again.items)
        .match(UUID)
        ?.filter((id) => sourceIds.has(id)) ?? [],
    ).toEqual([]);
    // The same data, field by field, once ids are read as what they name.
    expect(labelled(again.items, again.files, again.collections)).toEqual(
      labelled(bundle.items, bundle.files, bundle.collections),
    );
    expect(again.collections).toEqual(bundle.collections);
    expect(again.memberships).toEqual([]);
    // Files: the same names and kinds; PDFs and models byte for byte, images re-encoded at the same size.
    const byName = (files: BundleFile[]) =>
      [...files].sort((a, b) => a.name.localeCompare(b.name) || a.content.localeCompare(b.content));
    for (const [i, file] of byName(bundle.files).entries()) {
      const copied = byName(again.files)[i]!;
      expect([copied.name, copied.type, copied.width, copied.height, copied.configs.purpose]).toEqual([
        file.name,
        file.type,
        file.width,
        file.height,
        file.configs.purpose,
      ]);
      if (!file.type.startsWith('image/')) expect(copied.content).toBe(file.content);
    }
    // Each item has a create in the audit log of the copy, by the admin who imported it (the engine's write).
    const audited = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE project_id = ${copy._id} AND action = 'create'`,
    );
    expect(Number(audited[0]!.n)).toBe(bundle.items.length);
    // A signed cart keeps the total it was signed for, and the copy mailed nobody.
    const signed = (items: Bundle['items']) =>
      items
        .filter((i) => i.collection === 'carts' && i.data.status !== 'draft')
        .map((i) => i.data.total)
        .sort();
    expect(signed(again.items)).toEqual(signed(bundle.items));
    expect(mail!.messages.filter((m) => (m.subject ?? '').includes('Maple Copy'))).toEqual([]);
    // The copy is a working project of its own.
    const copyProject = (
      await app.inject({ method: 'GET', url: '/api/project', headers: onProject('demo-copy') })
    ).json();
    expect(copyProject.name).toBe('Maple Copy');
    // Its people are nobody there: the demo buyer is an outsider in the copy.
    expect((await call('buyer', 'GET', '/api/schema/carts/', undefined, on('demo-copy'))).statusCode).toBe(403);
  });

  it('never makes an account a member: a member named by another person’s id is invited at the address the bundle gives, or not at all', async () => {
    const harbourBuyer = (await call('harbourBuyer', 'GET', '/api/me', undefined, on('harbour'))).json() as {
      _id: string;
    };
    const hostile = structuredClone(bundle);
    hostile.memberships = [{ userId: harbourBuyer._id, email: 'someone.else@example.test', role: 'manager' }];
    const quiet = await importBundle({ key: 'hostile-members', bundle: hostile });
    expect(quiet.statusCode).toBe(201);
    expect(quiet.json()).toMatchObject({ invited: [], peopleNotAdded: 1 });
    expect((await call('harbourBuyer', 'GET', '/api/manage/carts', undefined, on('hostile-members'))).statusCode).toBe(
      403,
    );

    const invited = await importBundle({ key: 'hostile-invite', people: 'invite', bundle: hostile });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ invited: [{ email: 'someone.else@example.test', role: 'manager' }] });
    // The harbour buyer is still nobody there; the address the bundle gave got the invitation.
    expect((await call('harbourBuyer', 'GET', '/api/manage/carts', undefined, on('hostile-invite'))).statusCode).toBe(
      403,
    );
    const invitation = await mail!.waitFor('someone.else@example.test');
    expect(recipients(invitation)).toEqual(['someone.else@example.test']);
    expect(invitation.text).toContain(`http://hostile-invite.${TEST_PORTAL_HOST}/link/`);
    const members = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM memberships m JOIN projects p ON p.id = m.project_id WHERE p.key IN ('hostile-members', 'hostile-invite')`,
    );
    expect(Number(members[0]!.n)).toBe(0);
    // The import is refused to anyone but an administrator.
    expect((await importBundle({ key: 'by-manager', bundle }, 'manager')).statusCode).toBe(403);
  });

  it('refuses a bundle whose items reach outside it, repeat an id, or break their schema, and writes nothing', async () => {
    const before = {
      projects: await countOf('projects'),
      items: await countOf('items'),
      files: await countOf('files'),
    };
    const demoOption = bundle.items.find((i) => i.collection === 'options')!.id;
    const harbour = (
      await call('admin', 'GET', '/api/admin/projects?q=harbour', undefined, TEST_PORTAL_HOST)
    ).json() as Array<{ _id: string }>;
    const harbourOption = (
      await sqlRows<{ id: string }>(
        db,
        sql`SELECT id::text AS id FROM items WHERE project_id = ${harbour[0]!._id} AND collection = 'options' LIMIT 1`,
      )
    )[0]!.id;
    const cases: Array<[string, (b: Bundle) => void, number]> = [
      // A cart naming an option of another project (not in the bundle): refused by the engine's reference check.
      [
        'a reference outside the bundle',
        (b) => {
          const cart = b.items.find(
            (i) => i.collection === 'carts' && Array.isArray(i.data.selections) && i.data.selections.length,
          )!;
          (cart.data.selections as Array<{ option: string }>)[0]!.option = harbourOption;
        },
        422,
      ],
      [
        'a reference to nothing',
        (b) => void (b.items.find((i) => i.collection === 'units')!.data.plan = uuidv7()),
        422,
      ],
      [
        'an id given twice',
        (b) => void b.items.push({ ...structuredClone(b.items.find((i) => i.id === demoOption)!) }),
        422,
      ],
      ['an invalid item', (b) => void (b.items.find((i) => i.collection === 'options')!.data.price = 'free'), 422],
      ['an unknown collection', (b) => void b.items.push({ ...b.items[0]!, id: uuidv7(), collection: 'secrets' }), 422],
      ['an unknown key in the options', (b) => void (b.project.options.tagLine = 'Renamed'), 400],
      ['an invented currency', (b) => void (b.project.currency = 'XYZ'), 400],
    ];
    for (const [name, spoil, status] of cases) {
      const spoilt = structuredClone(bundle);
      spoil(spoilt);
      const answer = await importBundle({ key: `spoilt-${cases.findIndex((c) => c[0] === name)}`, bundle: spoilt });
      expect([name, answer.statusCode]).toEqual([name, status]);
      expect(answer.json().error.message).toBeTruthy();
    }
    expect({
      projects: await countOf('projects'),
      items: await countOf('items'),
      files: await countOf('files'),
    }).toEqual(before);
  });

  it('gives items that share ids with another project new ones, and leaves that project untouched', async () => {
    const demoCart = bundle.items.find((i) => i.collection === 'carts')!;
    const before = await sqlRows<{ version: number; data: unknown }>(
      db,
      sql`SELECT version, data FROM items WHERE project_id = ${demo._id} AND id = ${demoCart.id}`,
    );
    const imported = await importBundle({ key: 'same-ids', bundle });
    expect(imported.statusCode).toBe(201);
    const rows = await sqlRows<{ project_id: string }>(
      db,
      sql`SELECT project_id::text AS project_id FROM items WHERE id = ${demoCart.id}`,
    );
    expect(rows.map((r) => r.project_id)).toEqual([demo._id]);
    expect(
      await sqlRows(db, sql`SELECT version, data FROM items WHERE project_id = ${demo._id} AND id = ${demoCart.id}`),
    ).toEqual(before);
  });
});

const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe(`files a bundle brings (${testDbKind})`, () => {
  const logoBundle = (file: Partial<BundleFile> & { content: string }): Bundle => {
    const id = uuidv7();
    return {
      ...structuredClone(bundle),
      items: [],
      project: { ...structuredClone(bundle.project), theme: { ...bundle.project.theme, logoUrl: `/api/files/${id}` } },
      files: [
        {
          id,
          name: 'logo.png',
          type: 'image/png',
          width: null,
          height: null,
          configs: { purpose: 'logo' },
          createdAt: new Date().toISOString(),
          thumbnails: [],
          ...file,
        },
      ],
    };
  };

  it('refuses every file whose bytes are not an accepted type, whatever the bundle says it is, and stores nothing', async () => {
    const before = { projects: await countOf('projects'), files: await countOf('files') };
    for (const { name, bytes, type, fileName } of HOSTILE_FILES) {
      for (const claimed of CLAIMED_TYPES(type)) {
        const answer = await importBundle({
          key: 'hostile-file',
          bundle: logoBundle({ content: bytes.toString('base64'), type: claimed, name: fileName }),
        });
        expect([name, claimed, answer.statusCode]).toEqual([name, claimed, 422]);
        expect(answer.json().error.message).toContain(fileName);
      }
    }
    // A polyglot: a PNG with a page after it is stored as the PNG alone (re-encoded), never as a page.
    const polyglot = Buffer.concat([png, HOSTILE_FILES[0]!.bytes]);
    const stored = await importBundle({
      key: 'polyglot',
      bundle: logoBundle({ content: polyglot.toString('base64'), type: 'text/html' }),
    });
    expect(stored.statusCode).toBe(201);
    expect({ projects: await countOf('projects'), files: await countOf('files') }).toEqual({
      projects: before.projects + 1,
      files: before.files + 1,
    });
    const logo = (
      (await app.inject({ method: 'GET', url: '/api/project', headers: onProject('polyglot') })).json() as {
        theme: { logoUrl: string };
      }
    ).theme.logoUrl;
    const download = await app.inject({ method: 'GET', url: logo, headers: onProject('polyglot') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.includes(Buffer.from('<form'))).toBe(false);
    // A file as large as an upload may not be is refused too.
    const huge = await importBundle({
      key: 'huge-file',
      bundle: logoBundle({
        content: Buffer.concat([pdf, Buffer.alloc(config.uploadMaxBytes)]).toString('base64'),
        name: 'big.pdf',
        type: 'application/pdf',
        configs: { purpose: 'spec' },
      }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('takes the type from the bytes (a PDF named and typed as a PNG is a PDF) and has the browser download anything that is not an image', async () => {
    const answer = await importBundle({
      key: 'wrong-name',
      bundle: logoBundle({
        content: pdf.toString('base64'),
        name: 'sheet.png',
        type: 'image/png',
        configs: { purpose: 'catalogue' },
      }),
    });
    expect(answer.statusCode).toBe(201);
    const rows = await sqlRows<{ id: string; type: string }>(
      db,
      sql`SELECT f.id::text AS id, f.type FROM files f JOIN projects p ON p.id = f.project_id WHERE p.key = 'wrong-name'`,
    );
    expect(rows.map((r) => r.type)).toEqual(['application/pdf']);
    const download = await app.inject({
      method: 'GET',
      url: `/api/files/${rows[0]!.id}`,
      headers: onProject('wrong-name'),
    });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a file stored before the byte check as bare bytes to download, never as a page', async () => {
    const id = uuidv7();
    const key = `${demo._id}/${id}.bin`;
    await storage.put(key, Buffer.from('<script>alert(1)</script>'));
    await sqlRows(
      db,
      sql`INSERT INTO files (id, project_id, name, type, size, sha256, storage_key, configs) VALUES (${id}, ${demo._id}, 'old.html', 'text/html', 25, '', ${key}, '{"purpose":"logo"}'::jsonb)`,
    );
    const download = await app.inject({ method: 'GET', url: `/api/files/${id}`, headers: onProject('demo') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });
});

/**
 * Two projects whose items share ids, as an import made them before ids were renewed: the
 * twin is demo's rows copied under another project with the same ids (its cart notes marked).
 */
async function makeTwin(key: string) {
  const twinId = uuidv7();
  await sqlRows(
    db,
    sql`INSERT INTO projects (id, key, name, currency, options, features, theme) SELECT ${twinId}, ${key}, 'Twin Residences', currency, options, features, theme FROM projects WHERE id = ${demo._id}`,
  );
  await sqlRows(
    db,
    sql`INSERT INTO items (project_id, collection, id, data, version)
        SELECT ${twinId}, collection, id, CASE WHEN collection = 'carts' THEN jsonb_set(data, '{notes}', '"twin cart"') ELSE data END, version FROM items WHERE project_id = ${demo._id}`,
  );
  await sqlRows(
    db,
    sql`INSERT INTO files (id, project_id, name, type, size, sha256, storage_key, configs) SELECT ${uuidv7()}, ${twinId}, name, type, size, sha256, storage_key, configs FROM files WHERE project_id = ${demo._id} LIMIT 1`,
  );
  return twinId;
}

describe(`lookups by id, token or code (${testDbKind})`, () => {
  it('open a share link only in the project it was made in, even where another project holds a cart of the same id', async () => {
    await makeTwin('twin');
    const cart = (
      (await call('admin', 'GET', '/api/schema/carts/?limit=1', undefined, on('twin'))).json() as Array<{
        _id: string;
        notes: string;
      }>
    )[0]!;
    expect(cart.notes).toBe('twin cart');
    const shared = await call('admin', 'POST', `/api/carts/${cart._id}/share`, { prices: true, days: 3 }, on('twin'));
    expect(shared.statusCode).toBe(200);
    const { token } = shared.json() as { token: string };
    const open = (host: string) => app.inject({ method: 'GET', url: `/api/shared/${token}`, headers: { host } });
    const own = await open(on('twin'));
    expect(own.statusCode).toBe(200);
    expect(own.json().project.name).toBe('Twin Residences');
    // Demo holds a cart of the same id: the twin's link still says nothing there, nor on the portal's own host or a bare address.
    for (const host of [on('demo'), TEST_PORTAL_HOST, '127.0.0.1', on('harbour')]) {
      const elsewhere = await open(host);
      // Signed for the twin, the link is no link here: invalid (400) or gone (404), never a cart.
      expect([host, [400, 404].includes(elsewhere.statusCode), elsewhere.json().project]).toEqual([
        host,
        true,
        undefined,
      ]);
    }
    // And demo's own link for that cart opens demo's cart, not the twin's.
    const demoLink = (
      await call('admin', 'POST', `/api/carts/${cart._id}/share`, { prices: true, days: 3 }, on('demo'))
    ).json() as { token: string };
    const demoView = await app.inject({
      method: 'GET',
      url: `/api/shared/${demoLink.token}`,
      headers: { host: on('demo') },
    });
    expect(demoView.json().project?.name, demoView.body).toBe('Maple Residences');
    expect(demoLink.token).not.toBe(token);
    expect(
      (await app.inject({ method: 'GET', url: `/api/shared/${demoLink.token}`, headers: { host: on('twin') } })).json()
        .project,
    ).toBeUndefined();
  });

  it('answer every route that takes an id, a token or a code only for the project it is asked in (generated from the API document)', async () => {
    // Project C: a copy whose ids are its own. Its cart, file, share link, version and invitation are asked for from demo.
    const copied = (await importBundle({ key: 'asked-elsewhere', bundle })).json() as { _id: string };
    const host = on('asked-elsewhere');
    const cart = (
      (await call('admin', 'GET', '/api/schema/carts/?limit=1', undefined, host)).json() as Array<{
        _id: string;
        _version: number;
      }>
    )[0]!;
    const option = (
      (await call('admin', 'GET', '/api/schema/options/?limit=1', undefined, host)).json() as Array<{ _id: string }>
    )[0]!;
    const upload = multipart([{ name: 'file', filename: 'plan.pdf', type: 'application/pdf', bytes: pdf }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...browserHeaders(cookies.admin, host), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const file = { id: (uploaded.json() as { _id: string })._id };
    const share = (
      await call('admin', 'POST', `/api/carts/${cart._id}/share`, { prices: true, days: 3 }, host)
    ).json() as { token: string };
    const shareId = (
      (await call('admin', 'GET', `/api/carts/${cart._id}/shares`, undefined, host)).json() as Array<{ _id: string }>
    )[0]!._id;
    const version = await call('admin', 'POST', `/api/carts/${cart._id}/versions`, { name: 'Before' }, host);
    expect(version.statusCode).toBeLessThan(300);
    const versionId = (version.json() as { versions: Array<{ id: string }> }).versions[0]!.id;
    const code = (
      await call('admin', 'POST', '/api/access-codes', { email: 'c.buyer@example.test', role: 'purchaser' }, host)
    ).json() as { code: string };
    expect(code.code).toBeTruthy();
    const cartNow = async () =>
      (
        await sqlRows<{ version: number }>(
          db,
          sql`SELECT version FROM items WHERE project_id = ${copied._id} AND id = ${cart._id}`,
        )
      )[0]!.version;
    const before = await cartNow();

    const values: Record<string, string> = {
      id: cart._id,
      token: share.token,
      code: code.code,
      shareId,
      versionId,
      entryId: cart._id,
      checkoutId: 'cs_test_elsewhere',
      collection: 'carts',
      deliveryId: '0190a0b0-0000-7000-8000-000000000000',
    };
    const idFor = (path: string) =>
      path.startsWith('/api/files/') ? file.id : path.startsWith('/api/projects/') ? copied._id : cart._id;
    // A valid body for each route, so that what answers is the lookup, not the validation.
    const bodies: Record<string, object | undefined> = {
      'POST /api/carts/{id}/submit': { signature: 'A Person', agree: true, _version: cart._version },
      'POST /api/carts/{id}/return': { comment: 'Please look again.' },
      'POST /api/carts/{id}/extend': { deadline: new Date(Date.now() + 30 * 86_400_000).toISOString() },
      'POST /api/carts/{id}/share': { prices: true, days: 3 },
      'POST /api/carts/{id}/versions': { name: 'Elsewhere' },
      'POST /api/carts/{id}/versions/{versionId}/restore': { _version: cart._version },
      'PATCH /api/schema/{collection}/{id}': { _version: cart._version, notes: 'changed from elsewhere' },
      'PUT /api/schema/{collection}/{id}': { _version: cart._version, notes: 'changed from elsewhere' },
      'PATCH /api/projects/{id}': { name: 'Taken over' },
      'POST /api/access-codes/consume/{code}': {},
      'POST /api/carts/{id}/comments': { body: 'Written from elsewhere' },
      'POST /api/carts/{id}/co-buyers': { email: 'elsewhere@example.test' },
      'POST /api/manage/units/{id}/notes': { body: 'Written from elsewhere' },
      'POST /api/manage/carts/{id}/ledger': { kind: 'payment', method: 'cheque', amount: 100 },
      'POST /api/carts/{id}/payments/card': { upTo: 'deposit' },
      'POST /api/manage/webhooks/{id}/replay': { since: new Date(Date.now() - 60_000).toISOString() },
      'PATCH /api/manage/webhooks/{id}': { description: 'Taken over' },
      'PATCH /api/appointments/{id}': {
        consultant: cart._id,
        start: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
      'POST /api/manage/appointments/{id}/outcome': { status: 'done', note: 'Written from elsewhere' },
      'PUT /api/manage/appointment-types/{id}': { names: { en: 'Taken over' }, lengthMinutes: 60 },
      'PUT /api/manage/consultants/{id}': { userId: 'elsewhere' },
    };
    const document = (
      await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: TEST_PORTAL_HOST } })
    ).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => /\{(id|token|code|shareId|versionId)\}/.test(path))
      // The platform's own back office names projects and people by id on purpose (admins only, tested in admin.test.ts).
      .filter(([path]) => !/^\/api\/(admin|deploys|users)\//.test(path))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((method) => ({ method: method.toUpperCase() as Method, path })),
      );
    expect(routes.length).toBeGreaterThan(15);
    const answered: string[] = [];
    for (const { method, path } of routes) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? idFor(path) : values[name]!));
      for (const who of ['manager', 'buyer', 'admin'] as const) {
        // An admin may change any project by its id (the platform's role), from any host.
        if (who === 'admin' && path === '/api/projects/{id}') continue;
        const body = bodies[`${method} ${path}`] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
        const answer = await call(who, method, url, body, on('demo'));
        // Refused by the lookup, not by the request's validation (which would prove nothing).
        const refusedByLookup =
          answer.statusCode >= 400 && answer.statusCode < 500 && answer.json().error?.key !== 'request.invalid';
        if (!refusedByLookup)
          answered.push(`${who} ${method} ${path}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
      }
    }
    expect(answered).toEqual([]);
    // Nothing of C changed, and its link and invitation still work where they belong.
    expect(await cartNow()).toBe(before);
    expect((await app.inject({ method: 'GET', url: `/api/shared/${share.token}`, headers: { host } })).statusCode).toBe(
      200,
    );
    const invitation = await sqlRows<{ uses: number; revoked_at: unknown }>(
      db,
      sql`SELECT uses, revoked_at FROM access_codes WHERE code = ${code.code}`,
    );
    expect(invitation).toEqual([{ uses: 0, revoked_at: null }]);
    void option;
  });
});
