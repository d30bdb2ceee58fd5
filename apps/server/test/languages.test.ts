import { describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { completeSelections, type Item } from './support/carts.ts';
import { pdfText } from './support/pdf-text.ts';

/**
 * The portal in the reader's language (docs/languages.md): a person's choice kept on the
 * account, the server's sentences in the language of whoever asks, mails in the recipient's,
 * and a signed selection's PDF in the language it was signed in — whoever prints it.
 */

const { app, mail } = await createTestApp({ withMail: true });
const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const buyer = await as('buyer@demo.test');
const manager = await as('manager@demo.test');

type Method = 'GET' | 'POST' | 'PATCH';
const call = (
  method: Method,
  url: string,
  { cookie, language, body, host }: { cookie?: string; language?: string; body?: object; host?: string } = {},
) =>
  app.inject({
    method,
    url,
    // As a browser calls: it says where the call comes from (a client that does not is an API client).
    headers: {
      ...browserHeaders(cookie, host),
      'sec-fetch-site': 'same-origin',
      ...(language ? { 'accept-language': language } : {}),
    },
    ...(body ? { payload: body } : {}),
  });

// "3 450,50 $": a no-break space between thousands (U+00A0 or the narrow U+202F, as the Intl data has it) and before the sign.
const frenchMoney = (minor: number) => formatMoney(minor, { currency: 'CAD', locale: 'fr-CA' });

describe(`a person's language (${testDbKind})`, () => {
  it('is kept on the account by PATCH /api/me; an unknown language is refused and changes nothing', async () => {
    const bad = await call('PATCH', '/api/me', { cookie: buyer, body: { language: 'de' } });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/me', { cookie: buyer })).json().language).toBeUndefined();
    expect((await call('PATCH', '/api/me', { body: { language: 'fr-CA' } })).statusCode).toBe(401);

    const chosen = await call('PATCH', '/api/me', { cookie: buyer, body: { language: 'fr-CA' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('fr-CA');
    expect((await call('GET', '/api/me', { cookie: buyer })).json().language).toBe('fr-CA');
  });

  it('speaks the server’s sentences in the reader’s language, keeping the key; English stays exactly as written', async () => {
    const [cart] = (await call('GET', '/api/schema/carts/', { cookie: buyer })).json() as Item[];
    // The buyer chose French on the account: their browser's English does not override it…
    const refused = await call('POST', `/api/carts/${cart!._id}/approve`, {
      cookie: buyer,
      language: 'en-CA',
      body: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      key: 'cart.staff-only',
      message: 'Seul le centre de design peut faire ceci.',
    });
    // …but a client that is no browser and asks for English is answered in English.
    const asked = await app.inject({
      method: 'POST',
      url: `/api/carts/${cart!._id}/approve`,
      headers: { ...browserHeaders(buyer), 'accept-language': 'en-CA' },
      payload: {},
    });
    expect(asked.json().error).toMatchObject({
      key: 'cart.staff-only',
      message: 'Only the design centre can do this.',
    });
    // And without asking, it reads the account's language.
    expect(
      (await call('POST', `/api/carts/${cart!._id}/approve`, { cookie: buyer, body: {} })).json().error.message,
    ).toBe('Seul le centre de design peut faire ceci.');

    // A visitor: the browser's languages, among the project's.
    const visitorFrench = await call('GET', '/api/schema/carts/', { language: 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(visitorFrench.json().error.message).toBe('Connectez-vous pour voir ceci.');
    const visitorEnglish = await call('GET', '/api/schema/carts/', { language: 'en-US' });
    expect(visitorEnglish.json().error.message).toBe('Sign in to see this.');
    // Harbour Lofts speaks English only: a French browser reads English there.
    const harbour = await call('GET', '/api/schema/carts/', { language: 'fr-CA', host: 'harbour.portal.test' });
    expect(harbour.json().error.message).toBe('Sign in to see this.');

    // Plurals by the language's rules, with the same arguments.
    const staffOnly = await call('GET', '/api/schema/carts/', { language: 'fr-CA' });
    expect(staffOnly.json().error.key).toBe('engine.sign-in-to-see');
  });

  it('says each field’s problem in the reader’s language, from codes: a request’s and an item’s alike', async () => {
    // The request's own schema (zod), read in French.
    const request = (
      await call('PATCH', '/api/me', { cookie: buyer, language: 'fr-CA', body: { language: 'de', extra: 1 } })
    ).json().error;
    expect(request.message).toBe(
      'Données non valides\u00a0: body.language doit être l’une des valeurs suivantes\u00a0: en, fr-CA\u202f; body.extra n’est pas un champ accepté ici',
    );
    expect(request.details.issues).toEqual([
      {
        field: 'body.language',
        key: 'validation.choice',
        params: { choices: 'en, fr-CA' },
        message: 'doit être l’une des valeurs suivantes\u00a0: en, fr-CA',
      },
      { field: 'body.extra', key: 'validation.unknown', message: 'n’est pas un champ accepté ici' },
    ]);
    // The same refusal in English keeps its key and says it in English.
    const english = (
      await call('PATCH', '/api/me', { cookie: manager, language: 'en-CA', body: { language: 'de' } })
    ).json().error;
    expect(english.message).toBe('Invalid input: body.language must be one of en, fr-CA');

    // A collection's JSON Schema (an item through the one write path).
    const [option] = (await call('GET', '/api/schema/options/?limit=1', { cookie: manager })).json() as Item[];
    const item = await call('PATCH', `/api/schema/options/${option!._id}`, {
      cookie: manager,
      language: 'fr-CA',
      body: { name: '', price: 'beaucoup', _version: option!._version },
    });
    expect(item.statusCode).toBe(400);
    expect(item.json().error.message).toMatch(/^Option non valide\s: /);
    expect(
      item
        .json()
        .error.details.issues.map((issue: { field: string; message: string }) => `${issue.field} ${issue.message}`),
    ).toEqual(expect.arrayContaining(['price doit être un nombre entier']));
    expect(item.json().error.message).not.toMatch(/\b(must|is not|required)\b/);
  });

  it('refuses a default language the project does not offer, in words, and changes nothing', async () => {
    const project = (await call('GET', '/api/project', { cookie: manager })).json() as {
      _id: string;
      options: { languages: string[]; defaultLanguage: string };
    };
    expect(project.options).toMatchObject({ languages: ['en', 'fr-CA'], defaultLanguage: 'en' });
    const refused = await call('PATCH', `/api/projects/${project._id}`, {
      cookie: manager,
      body: { options: { languages: ['en'], defaultLanguage: 'fr-CA' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toMatchObject({ field: 'options.defaultLanguage' });
    const dropped = await call('PATCH', `/api/projects/${project._id}`, {
      cookie: manager,
      body: { options: { languages: ['fr-CA'] } },
    });
    expect(dropped.statusCode).toBe(400);
    const twice = await call('PATCH', `/api/projects/${project._id}`, {
      cookie: manager,
      body: { options: { languages: ['en', 'en'] } },
    });
    expect(twice.statusCode).toBe(400);
    expect((await call('GET', '/api/project', { cookie: manager })).json().options).toMatchObject({
      languages: ['en', 'fr-CA'],
      defaultLanguage: 'en',
    });
  });

  it('signs in French: the buyer’s mail and PDF in French, the manager’s notice in English, the approval mailed in French', async () => {
    const [cart] = (await call('GET', '/api/schema/carts/', { cookie: buyer })).json() as Item[];
    const unit = (await call('GET', `/api/schema/units/${cart!.unit as string}`, { cookie: buyer })).json() as Item & {
      plan: string;
      name: string;
    };
    const selections = await completeSelections(app, buyer, unit.plan);
    const saved = await call('PATCH', `/api/schema/carts/${cart!._id}`, {
      cookie: buyer,
      body: { selections, _version: cart!._version },
    });
    expect(saved.statusCode).toBe(200);
    const submitted = await call('POST', `/api/carts/${cart!._id}/submit`, {
      cookie: buyer,
      language: 'fr-CA',
      body: { signature: 'Alex Buyer', agree: true, _version: saved.json()._version },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().signature.language).toBe('fr-CA');
    const total = frenchMoney(submitted.json().total);

    const signedMail = await mail!.waitFor('buyer@demo.test', /sélection signée/);
    expect(signedMail.subject).toBe(`Unité ${unit.name}\u00a0: votre sélection signée`);
    expect(signedMail.text).toContain(
      `Alex Buyer a signé et soumis la sélection de design de l’unité ${unit.name}, pour un total des surclassements de ${total}.`,
    );
    expect(signedMail.headers.get('content-language')).toBe('fr-CA');
    expect(signedMail.html).toContain('<html lang="fr-CA">');
    const attached = await pdfText(signedMail.attachments[0]!.content);
    expect(attached).toContain('Sélection de design');
    expect(attached).toContain('Total des surclassements');
    expect(attached).toContain(`Signé par Alex Buyer le`);
    expect(attached).not.toContain('Upgrades total');
    // The catalogue's own words too, as its design centre wrote them in French.
    expect(attached).toContain('Revêtement de sol');
    expect(attached).not.toContain('Flooring');

    const notice = await mail!.waitFor('manager@demo.test', /selection submitted/);
    expect(notice.subject).toBe(`Unit ${unit.name}: selection submitted for approval`);

    // The manager works in English; the buyer reads the approval in French.
    const approved = await call('POST', `/api/carts/${cart!._id}/approve`, {
      cookie: manager,
      language: 'en-CA',
      body: { comment: 'Très beau choix' },
    });
    expect(approved.statusCode).toBe(200);
    const approval = await mail!.waitFor('buyer@demo.test', /approuvée/);
    expect(approval.subject).toBe(`Unité ${unit.name}\u00a0: votre sélection est approuvée`);
    expect(approval.text).toContain('Vous n’avez plus rien à faire');
    expect(approval.text).toContain('a écrit\u00a0: «\u00a0Très beau choix\u00a0»');

    // Printed by the English-speaking manager, the signed selection is still in the language it was signed in.
    const printed = await call('GET', `/api/carts/${cart!._id}/pdf`, { cookie: manager, language: 'en-CA' });
    expect(printed.statusCode).toBe(200);
    const text = await pdfText(printed.rawPayload);
    expect(text).toContain('Sélection de design');
    // The PDF's text layer gives no-break spaces back as spaces.
    expect(text.replace(/[\u00a0\u202f]/g, ' ')).toContain(total.replace(/[\u00a0\u202f]/g, ' '));
  });

  it('reads the catalogue’s own words in the reader’s language, and keeps every language’s words as written', async () => {
    // The account's language decides over the browser's (docs/languages.md, "Which language").
    const mine = async (language: 'en' | 'fr-CA') => {
      expect((await call('PATCH', '/api/me', { cookie: buyer, body: { language } })).statusCode).toBe(200);
      return (await call('GET', '/api/carts/mine', { cookie: buyer, language: 'en-CA' })).json()[0];
    };
    const french = await mine('fr-CA');
    const english = await mine('en');
    expect(english.plan.name).toMatch(/^The (Birch|Maple)/);
    expect(french.plan.name).toMatch(/^(Le Bouleau|L’Érable)/);
    // The project as written: the English words in their fields, the French beside them, whoever asks.
    const project = (await call('GET', '/api/project', { language: 'fr-CA' })).json();
    const kitchen = project.rooms.find((room: { name: string }) => room.name === 'Kitchen');
    expect(kitchen.translations).toEqual({ 'fr-CA': { name: 'Cuisine' } });
    expect(project.options.tagline).toBe('Make it yours, room by room.');
    expect(project.options.translations['fr-CA'].tagline).toBe('À votre image, pièce par pièce.');
    const { brandedIndex } = await import('../src/plugins/web-app.ts');
    const page = brandedIndex(
      '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
      project,
      'fr-CA',
    );
    expect(page).toContain('<html lang="fr-CA">');
    expect(page).toContain('<h1>À votre image, pièce par pièce.</h1>');
    expect(page).toContain('Chargement de Maple Residences…');
  });

  it('shows the builder’s widget in the visitor’s language, the catalogue’s words included', async () => {
    const widget = await call('GET', '/embed', { language: 'fr-CA,fr;q=0.9' });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers.vary).toContain('Accept-Language');
    expect(widget.body).toContain('<html lang="fr-CA">');
    for (const words of [
      'Forfaits de design',
      'Minimal moderne',
      'À votre image, pièce par pièce.',
      'Disponibilité',
      'Acheteurs\u00a0: choisissez vos finitions',
    ])
      expect(widget.body).toContain(words);
    expect(widget.body).not.toMatch(/Design packages|Modern Minimal|Availability/);
    const english = await call('GET', '/embed', { language: 'en-US' });
    expect(english.body).toContain('Design packages');
    expect(english.body).toContain('Modern Minimal');
  });

  it('validates translations through the one write path, and the catalogue check lists what is missing', async () => {
    const check = async (language = 'en-CA') =>
      (await call('GET', '/api/manage/catalogue-check', { cookie: manager, language })).json();
    // Every item of the demo catalogue has its French words.
    expect((await check()).missingTranslations).toEqual([]);
    const options = (await call('GET', '/api/schema/options/?limit=200', { cookie: manager })).json() as Item[];
    const oak = options.find((o) => o.name === 'Herringbone Walnut')!;
    const refused = await call('PATCH', `/api/schema/options/${oak._id}`, {
      cookie: manager,
      body: { translations: { de: { name: 'Fischgrät-Nussbaum' } }, _version: oak._version },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('bad_request');
    expect((await call('GET', `/api/schema/options/${oak._id}`, { cookie: manager })).json().translations).toEqual(
      oak.translations,
    );
    const cleared = await call('PATCH', `/api/schema/options/${oak._id}`, {
      cookie: manager,
      body: { translations: { 'fr-CA': { name: 'Noyer à chevrons' } }, _version: oak._version },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await check()).missingTranslations).toEqual([
      { collection: 'options', language: 'fr-CA', count: 1, names: ['Herringbone Walnut'] },
    ]);
  });

  it('imports a French column beside the English one, and exports it back', async () => {
    const exported = await call('GET', '/api/manage/exports/rooms.csv', { cookie: manager });
    expect(exported.statusCode).toBe(200);
    const [header, ...lines] = exported.body.trim().split(/\r?\n/);
    expect(header).toContain('Name (fr-CA)');
    expect(lines.find((line) => line.startsWith('Kitchen,'))).toContain('Cuisine');
    const content = ['Nom anglais,Nom (fr),Ordre', 'Kitchen,Cuisine ouverte,2', 'Mudroom,Vestiaire,9'].join('\n');
    const mapping = { name: 'Nom anglais', 'translations.fr-CA.name': 'Nom (fr)', order: 'Ordre' };
    const applied = await call('POST', '/api/manage/imports', {
      cookie: manager,
      body: { kind: 'rooms', fileName: 'pieces.csv', content, mapping, apply: true, send: false },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().counts).toMatchObject({ created: 1, updated: 1 });
    const rooms = (await call('GET', '/api/schema/rooms/?limit=200', { cookie: manager })).json() as Item[];
    expect(rooms.find((room) => room.name === 'Kitchen')!.translations).toEqual({
      'fr-CA': { name: 'Cuisine ouverte' },
    });
    expect(rooms.find((room) => room.name === 'Mudroom')!.translations).toEqual({ 'fr-CA': { name: 'Vestiaire' } });
  });
});
