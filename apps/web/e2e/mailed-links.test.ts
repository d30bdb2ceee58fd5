import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  firstPageCatalogue,
  firstPageMessage,
  type FirstPageKey,
  isoDayOf,
  type Language,
  type MailedLinkKind,
  MAILED_LINKS,
} from '@decor/core';
import { translatorFor } from '@decor/core/catalogues';
import { demoProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { openBrowser, origin, PHONE } from './support/browser.ts';
import {
  addCoBuyer,
  asPerson,
  bookAnySlot,
  chooseAnUpgrade,
  createAdmin,
  createBuyerWithCompleteCart,
  createManager,
  createProject,
  freeUnit,
  setLanguage,
} from './support/fixtures.ts';
import { waitForMail, type StoredMail } from './support/mail-files.ts';
import { callPortal, jsonOf } from './support/portal-call.ts';
import { sendDigestsNow, sendPaymentRemindersNow } from './support/jobs.ts';

/**
 * Every link the portal mails or shows (docs/access-codes.md, "Every link"), followed as a person
 * follows it: the portal sends it over real SMTP, the recipient opens it from the mail in a fresh
 * browser on a phone, and reaches the screen the link promises, in English and in French. The
 * journeys are a record over MAILED_LINKS: a kind added there without a journey here fails the
 * typecheck.
 */
const LANGUAGES: Language[] = ['en', 'fr-CA'];

interface Journey {
  /** Makes the portal send the link to `to` (or show it), reading `language`, and follows it on `page`, a fresh phone browser. */
  (input: { page: Page; language: Language; tag: string }): Promise<void>;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first address in a mail's text that starts with `prefix`. */
function linkIn(mail: StoredMail, prefix: string): string {
  const found = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.startsWith(prefix));
  if (!found) throw new Error(`no link to ${prefix} in the mail “${mail.subject}”:\n${mail.text}`);
  return found.replace(/[.,)]+$/, '');
}

/** The mail to `to` whose subject is exactly the reader's sentence. */
const mailOf = (to: string, subject: string, containing?: string) =>
  waitForMail(to, new RegExp(`^${escape(subject)}$`), 15_000, containing);

const PROJECT = demoProject.name;

/**
 * Waits until `read()` passes `check`, or fails saying what it last read. (The journeys run two at
 * a time, where vitest's expect.poll is not to be had outside the test's own context.)
 */
async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The page is in the reader's language (its root says so), at `path`. */
async function expectLanded(page: Page, language: Language, path: string | RegExp) {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
  await until(
    () => page.locator('html').getAttribute('lang'),
    (lang) => lang === language,
    'the page’s language',
  );
}

/** A new account arriving by a mailed invitation: a password chosen on the way, then the terms. */
async function arriveAsNewAccount(page: Page, language: Language, password = 'Arriving-2026-links') {
  const t = translatorFor(language);
  await page.getByTestId('choose-password').waitFor();
  await page.getByTestId('choose-password').locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: t('app.arrive.save') }).click();
  const gate = page.getByTestId('getting-started');
  await gate.waitFor();
  await until(
    () => gate.getAttribute('data-step'),
    (step) => step === 'terms',
    'the getting-started step',
  );
  await page.getByRole('button', { name: t('app.start.agree') }).click();
}

/** Signs in on the sign-in page the link sent the person to, in the page's words. */
async function signInOnPage(page: Page, language: Language, { email, password }: { email: string; password: string }) {
  const say = await sayIn(language);
  await page.waitForURL((url) => url.pathname === '/sign-in');
  const field = page.getByLabel(say('signin.email'));
  if (!(await field.inputValue())) await field.fill(email);
  await page.getByLabel(new RegExp(`^${escape(say('signin.password'))}`)).fill(password);
  await page.locator('form button[type=submit]').click();
}

const sayIn = async (language: Language) => {
  const catalogue = await firstPageCatalogue(language);
  return (key: FirstPageKey, params: Record<string, string | number> = {}) => firstPageMessage(catalogue, key, params);
};

/** A buyer of their own unit and selection, who reads `language`. */
async function buyerReading(language: Language, tag: string) {
  const buyer = await createBuyerWithCompleteCart({
    projectKey: 'demo',
    email: `links-buyer-${tag}@example.test`,
    password: 'Links-buyer-2026',
  });
  await setLanguage(buyer.email, language);
  return buyer;
}

const JOURNEYS: Record<MailedLinkKind, Journey> = {
  async invitation({ page, language, tag }) {
    const t = translatorFor(language);
    const manager = await asPerson({ ...(await createManager()), language });
    const unit = await freeUnit(manager);
    const email = `links-invited-${tag}@example.test`;
    expect((await manager('POST', '/api/access-codes', { email, unit: unit._id, send: true })).status).toBe(201);
    const mail = await mailOf(email, t('mail.invite.subject', { project: PROJECT }));
    await page.goto(linkIn(mail, `${origin()}/link/`));
    await arriveAsNewAccount(page, language);
    await page.getByRole('heading', { name: t('app.home.unit', { name: unit.name }) }).waitFor();
    await expectLanded(page, language, '/');
  },

  async 'bulk-invitation'({ page, language, tag }) {
    const t = translatorFor(language);
    const manager = await asPerson({ ...(await createManager()), language });
    const [first, second] = [await freeUnit(manager), await freeUnit(manager)];
    const emails = [`links-bulk-a-${tag}@example.test`, `links-bulk-b-${tag}@example.test`];
    const made = await manager('POST', '/api/access-codes/bulk', {
      invitations: [
        { email: emails[0], unit: first._id },
        { email: emails[1], unit: second._id },
      ],
    });
    expect([made.status, (made.json as { sent: number }).sent]).toEqual([201, 2]);
    // The second person of the batch follows their own mail.
    const mail = await mailOf(emails[1]!, t('mail.invite.subject', { project: PROJECT }));
    await page.goto(linkIn(mail, `${origin()}/link/`));
    await arriveAsNewAccount(page, language);
    await page.getByRole('heading', { name: t('app.home.unit', { name: second.name }) }).waitFor();
    await expectLanded(page, language, '/');
  },

  async 'sales-centre-link'({ page, language, tag }) {
    const t = translatorFor(language);
    const manager = await asPerson(await createManager());
    const made = await manager('POST', '/api/access-codes', { maxUses: 50 });
    expect(made.status).toBe(201);
    // Shown as a QR code, never mailed: the visitor's phone opens the link it holds.
    await page.goto((made.json as { url: string }).url);
    const email = `links-walk-in-${tag}@example.test`;
    await page.getByLabel(t('app.arrive.email')).fill(email);
    await page.getByRole('button', { name: t('app.arrive.create-button') }).click();
    await page.getByTestId('choose-password').waitFor();
    await page.getByTestId('choose-password').locator('input[type=password]').fill('Walk-in-2026-links');
    await page.getByRole('button', { name: t('app.arrive.save') }).click();
    // Holding the link proves no address: the confirmation mail, in the visitor's language, does.
    const gate = page.getByTestId('getting-started');
    await until(
      () => gate.getAttribute('data-step'),
      (step) => step === 'verify',
      'the getting-started step',
    );
    const mail = await mailOf(email, t('mail.verify.subject', { project: PROJECT }));
    await page.goto(linkIn(mail, `${origin()}/my-account?mode=verifyEmail`));
    await page.getByTestId('email-verified').waitFor();
    await page.getByRole('button', { name: t('app.start.agree') }).click();
    await page.getByRole('link', { name: t('app.link.continue') }).click();
    // A member without a unit yet: My home says so, in words, and how to reach the design centre.
    await page.getByTestId('how-to-get-in').getByText(t('app.access.not-linked')).waitFor();
    await expectLanded(page, language, '/');
  },

  async 'co-buyer-invitation'({ page, language, tag }) {
    const t = translatorFor(language);
    const owner = await buyerReading(language, `owner-${tag}`);
    const asOwner = await asPerson({ email: owner.email, password: owner.password, language });
    const email = `links-partner-${tag}@example.test`;
    const invited = await asOwner('POST', `/api/carts/${owner.cartId}/co-buyers`, { email });
    expect(invited.status).toBe(201);
    const ownerName = owner.email.split('@')[0]!;
    const mail = await mailOf(email, t('mail.invite-co-buyer.subject', { inviter: ownerName, project: PROJECT }));
    expect(mail.text).toContain(t('mail.invite-co-buyer.body-2'));
    await page.goto(linkIn(mail, `${origin()}/link/`));
    await arriveAsNewAccount(page, language);
    // The shared selection: the owner's unit, with its selection open to this buyer too.
    const unitName = (invited.json as { unitName: string }).unitName;
    await page.getByRole('heading', { name: t('app.home.unit', { name: unitName }) }).waitFor();
    await page.getByTestId('home-cart').waitFor();
    await expectLanded(page, language, '/');
  },

  async 'first-manager'({ page, language, tag }) {
    const t = translatorFor(language);
    const email = `links-first-manager-${tag}@example.test`;
    // Made from a page in the reader's language: the first manager's mail reads it; a French locale makes a French project.
    const { key, name } = await createProject({
      key: `links-${tag}`.slice(0, 30),
      locale: language === 'fr-CA' ? 'fr-CA' : 'en-CA',
      managerEmail: email,
      language,
    });
    const mail = await mailOf(email, t('mail.invite-manager.subject', { project: name }));
    await page.goto(linkIn(mail, `${origin(key)}/link/`));
    await arriveAsNewAccount(page, language);
    await expectLanded(page, language, /^\/manage/);
    expect(new URL(page.url()).host).toBe(new URL(origin(key)).host);
  },

  async 'share-link'({ page, language, tag }) {
    const t = translatorFor(language);
    const buyer = await buyerReading(language, `sharer-${tag}`);
    const asBuyer = await asPerson({ email: buyer.email, password: buyer.password, language });
    const shared = await asBuyer('POST', `/api/carts/${buyer.cartId}/share`, { prices: true, days: 7 });
    expect(shared.status, JSON.stringify(shared.json)).toBe(200);
    // Shown to copy, not mailed: whoever it is given to opens it without an account.
    await page.goto((shared.json as { url: string }).url);
    await page.getByTestId('preview-total').waitFor();
    await expectLanded(page, language, '/preview');
    await until(
      () => page.title(),
      (title) => title.includes(t('app.shared.title')),
      'the tab’s title',
    );
  },

  async 'password-reset'({ page, language, tag }) {
    const t = translatorFor(language);
    const say = await sayIn(language);
    const buyer = await buyerReading(language, `forgetful-${tag}`);
    // Asked for from the sign-in page of one browser, followed from the mail in another.
    const asker = await openBrowser({ viewport: PHONE, isMobile: true, locale: language });
    try {
      await asker.page.goto(`${origin()}/sign-in`);
      await asker.page.getByRole('button', { name: say('signin.forgot') }).click();
      await asker.page.getByLabel(say('signin.email')).fill(buyer.email);
      await asker.page.getByRole('button', { name: say('signin.submit.forgot') }).click();
      await asker.page.getByText(say('signin.reset-sent', { email: buyer.email })).waitFor();
    } finally {
      await asker.close();
    }
    const mail = await mailOf(buyer.email, t('mail.reset.subject', { project: PROJECT }));
    await page.goto(linkIn(mail, `${origin()}/my-account?mode=resetPassword`));
    await page.getByLabel(t('app.link.new-password')).fill('Remembered-2026-links');
    await page.getByRole('button', { name: t('app.link.set') }).click();
    await page.getByTestId('password-reset').waitFor();
    await page.getByRole('link', { name: t('app.link.sign-in') }).click();
    await signInOnPage(page, language, { email: buyer.email, password: 'Remembered-2026-links' });
    await page.getByTestId('home-cart').waitFor();
    await expectLanded(page, language, '/');
  },

  async 'sign-in-code'({ page, language, tag }) {
    const t = translatorFor(language);
    const say = await sayIn(language);
    const buyer = await buyerReading(language, `coded-${tag}`);
    await page.goto(`${origin()}/sign-in?next=${encodeURIComponent('/account')}`);
    await page.getByRole('tab', { name: say('signin.tab.code') }).click();
    await page.getByLabel(say('signin.email')).fill(buyer.email);
    await page.getByRole('button', { name: say('signin.submit.code') }).click();
    const mail = await waitForMail(
      buyer.email,
      new RegExp(`^${escape(t('mail.code.subject', { project: PROJECT, code: '@@' })).replace('@@', '(\\d+)')}$`),
    );
    const code = new RegExp(
      escape(t('mail.code.subject', { project: PROJECT, code: '@@' })).replace('@@', '(\\d+)'),
    ).exec(mail.subject)![1]!;
    await page.getByLabel(say('signin.code')).fill(code);
    await page.getByRole('button', { name: say('signin.submit.code-sent') }).click();
    await expectLanded(page, language, '/account');
  },

  async 'verify-address'({ page, language, tag }) {
    const t = translatorFor(language);
    const say = await sayIn(language);
    const email = `links-newcomer-${tag}@example.test`;
    await page.goto(`${origin()}/sign-in`);
    await page.getByRole('tab', { name: say('signin.tab.sign-up') }).click();
    await page.getByLabel(say('signin.name')).fill('Nora Links');
    await page.getByLabel(say('signin.email')).fill(email);
    await page.getByLabel(new RegExp(`^${escape(say('signin.password'))}`)).fill('Newcomer-2026-links');
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('sign-up-sent').waitFor();
    const mail = await mailOf(email, t('mail.verify.subject', { project: PROJECT }));
    await page.goto(linkIn(mail, `${origin()}/my-account?mode=verifyEmail`));
    await page.getByTestId('email-verified').waitFor();
    await page.getByRole('button', { name: t('app.start.agree') }).click();
    await page.getByRole('link', { name: t('app.link.continue') }).click();
    await page.getByTestId('how-to-get-in').waitFor();
    await expectLanded(page, language, '/');
  },

  async 'mailed-look'({ page, language, tag }) {
    const t = translatorFor(language);
    const email = `links-visitor-${tag}@example.test`;
    const pairing = await pairedScreen(language);
    const showroom = pairing.showroom;
    const sent = await pairing.call('POST', '/api/displays/look-mail', {
      pairing: pairing.token,
      email,
      look: { plan: null, room: showroom.rooms[0]!._id, finishes: {}, camera: { yaw: 0, pitch: 27, zoom: 1 } },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const mail = await mailOf(email, t('mail.look.subject', { project: PROJECT }));
    expect(mail.text).toContain(t('mail.look.footer'));
    await page.goto(linkIn(mail, `${origin()}/inquire`));
    await page.getByRole('heading', { name: t('app.page.inquire') }).waitFor();
    await expectLanded(page, language, '/inquire');
  },

  async 'deadline-reminder'({ page, language, tag }) {
    const t = translatorFor(language);
    const buyer = await buyerReading(language, `late-${tag}`);
    const manager = await asPerson(await createManager());
    const reminded = await manager('POST', '/api/manage/reminders', { carts: [buyer.cartId] });
    expect(reminded.json).toMatchObject({ reminded: [buyer.cartId] });
    const subject = escape(t('mail.reminder.subject', { unit: '@@', days: 10 })).replace('@@', '.+');
    const mail = await waitForMail(buyer.email, new RegExp(`^${subject}$`));
    await page.goto(linkIn(mail, `${origin()}/configure`));
    await signInOnPage(page, language, buyer);
    await expectLanded(page, language, '/configure');
  },

  async 'message-digest'({ page, language, tag }) {
    const t = translatorFor(language);
    // A project of its own (a copy of the demo's catalogue): a message left unread there waits for nobody else's journey.
    const { key } = await createProject({ key: `digest-${tag}`.slice(0, 30), locale: 'fr-CA', catalogue: 'demo' });
    const buyer = await createBuyerWithCompleteCart({
      projectKey: key,
      email: `links-buyer-reader-${tag}@example.test`,
      password: 'Links-buyer-2026',
    });
    await setLanguage(buyer.email, language);
    const manager = await asPerson({ ...(await createManager({ projectKey: key })), projectKey: key });
    expect(
      (await manager('POST', `/api/carts/${buyer.cartId}/comments`, { body: `The walnut is in stock (${tag}).` }))
        .status,
    ).toBe(201);
    await sendDigestsNow();
    const mail = await mailOf(buyer.email, t('mail.digest.subject', { count: 1, units: 1 }), tag);
    await page.goto(linkIn(mail, `${origin(key)}/config/`));
    await signInOnPage(page, language, buyer);
    await page.getByTestId('conversation').getByText(`The walnut is in stock (${tag}).`).waitFor();
    await expectLanded(page, language, `/config/${buyer.cartId}`);
  },

  async 'payment-reminder'({ page, language, tag }) {
    const t = translatorFor(language);
    // A project of its own, whose terms put an instalment on a day a week from today (the demo's are at stages).
    const { key, id } = await createProject({ key: `dues-${tag}`.slice(0, 30), locale: 'fr-CA', catalogue: 'demo' });
    const manager = await asPerson({ ...(await createManager({ projectKey: key })), projectKey: key });
    const inAWeek = isoDayOf(new Date(Date.now() + 7 * 86_400_000), 'America/Toronto');
    const terms = await manager('PATCH', `/api/projects/${id}`, {
      options: { payments: { instalments: [{ label: 'Drywall', percent: 20, due: { date: inAWeek } }] } },
    });
    expect(terms.status, JSON.stringify(terms.json)).toBe(200);
    const buyer = await createBuyerWithCompleteCart({
      projectKey: key,
      email: `links-dues-${tag}@example.test`,
      password: 'Links-buyer-2026',
    });
    await setLanguage(buyer.email, language);
    await chooseAnUpgrade({ ...buyer, projectKey: key });
    const asBuyer = await asPerson({ ...buyer, projectKey: key });
    const seen = (await asBuyer('GET', `/api/schema/carts/${buyer.cartId}`)).json as { _version: number };
    const signed = await asBuyer('POST', `/api/carts/${buyer.cartId}/submit`, {
      signature: 'Dana Due',
      agree: true,
      _version: seen._version,
    });
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    expect(await sendPaymentRemindersNow()).toBeGreaterThanOrEqual(1);
    const subject = escape(
      t('mail.payment-due.subject', { unit: '@@', what: 'Drywall', amount: '@@', day: '@@', overdue: 'no' }),
    ).replaceAll('@@', '.+');
    const mail = await waitForMail(buyer.email, new RegExp(`^${subject}$`));
    await page.goto(linkIn(mail, `${origin(key)}/config/`));
    await signInOnPage(page, language, buyer);
    await page.getByTestId('payment-schedule').getByText('Drywall').waitFor();
    await expectLanded(page, language, `/config/${buyer.cartId}`);
  },

  async appointment({ page, language, tag }) {
    const t = translatorFor(language);
    // The buyer books; their co-buyer, who reads `language`, is invited and follows the mail.
    const buyer = await buyerReading('en', `booking-${tag}`);
    const coBuyer = await addCoBuyer({ cartId: buyer.cartId, name: 'Casey Co-Buyer' });
    await setLanguage(coBuyer.email, language);
    const kind = demoProject.appointments!.types[1]!.names;
    await bookAnySlot(await asPerson(buyer), buyer.cartId, kind.en);
    const type = language === 'en' ? kind.en : kind['fr-CA']!;
    const subject = escape(t('mail.appointment.subject', { kind: 'booked', type, when: '@@' })).replace('@@', '.+');
    const mail = await waitForMail(coBuyer.email, new RegExp(`^${subject}$`));
    expect(mail.calendars).toHaveLength(1);
    await page.goto(linkIn(mail, `${origin()}/appointments`));
    await signInOnPage(page, language, coBuyer);
    await page.getByTestId('appointment').getByText(type).waitFor();
    await expectLanded(page, language, '/appointments');
  },

  async receipt({ page, language, tag }) {
    const t = translatorFor(language);
    const buyer = await buyerReading(language, `paying-${tag}`);
    const asBuyer = await asPerson(buyer);
    const seen = (await asBuyer('GET', `/api/schema/carts/${buyer.cartId}`)).json as { _version: number };
    const signed = await asBuyer('POST', `/api/carts/${buyer.cartId}/submit`, {
      signature: 'Pat Payer',
      agree: true,
      _version: seen._version,
    });
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    const manager = await asPerson(await createManager());
    const paid = await manager('POST', `/api/manage/carts/${buyer.cartId}/ledger`, {
      kind: 'payment',
      method: 'cheque',
      amount: 50_000,
      reference: `Cheque ${tag}`,
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    const subject = escape(t('mail.receipt.subject', { unit: '@@', kind: 'payment', number: 1 })).replace(
      /@@|1$/g,
      '.+',
    );
    const mail = await waitForMail(buyer.email, new RegExp(`^${subject}$`));
    await page.goto(linkIn(mail, `${origin()}/config/`));
    await signInOnPage(page, language, buyer);
    await page.getByTestId('ledger').getByText(`Cheque ${tag}`, { exact: false }).waitFor();
    await expectLanded(page, language, `/config/${buyer.cartId}`);
  },
};

/** A sales-centre screen of the demo, claimed by an administrator and paired with a visitor's phone reading `language`. */
async function pairedScreen(language: Language) {
  const host = `demo.localhost:${process.env.E2E_PORT}`;
  // The screen and the phone, each its own client behind the proxy, as in a sales centre.
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await callPortal({
      host,
      method,
      path,
      body,
      headers: {
        'accept-language': language,
        'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.9`,
        ...headers,
      },
    });
    return { status: answer.status, json: jsonOf(answer) };
  };
  const admin = await asPerson(await createAdmin());
  const registered = (await call('POST', '/api/displays')).json as {
    id: string;
    secret: string;
    state: { claimCode: string };
  };
  expect(
    (
      await admin('POST', '/api/displays/claim', {
        code: registered.state.claimCode,
        name: 'Links TV',
        project: 'demo',
      })
    ).status,
  ).toBe(200);
  const shown = (
    await call('GET', '/api/displays/state', undefined, { 'x-display-key': `${registered.id}.${registered.secret}` })
  ).json as {
    pairing: { secret: string };
  };
  const paired = await call('POST', '/api/displays/pair', { display: registered.id, secret: shown.pairing.secret });
  expect(paired.status, JSON.stringify(paired.json)).toBe(201);
  const token = (paired.json as { pairing: string }).pairing;
  const showroom = (await call('GET', '/api/displays/showroom', undefined, { 'x-display-pairing': token })).json as {
    rooms: Array<{ _id: string }>;
  };
  return { token, showroom, call };
}

// Two journeys at a time (the e2e project's maxConcurrency): each has its own people, units and browser.
describe.concurrent('every link the portal mails or shows, followed from the mail in a fresh phone browser', () => {
  for (const kind of Object.keys(MAILED_LINKS) as MailedLinkKind[]) {
    for (const language of LANGUAGES) {
      it(`${kind} (${language}): reaches ${MAILED_LINKS[kind].lands}`, async () => {
        const browser = await openBrowser({ viewport: PHONE, isMobile: true, locale: language });
        try {
          await JOURNEYS[kind]({ page: browser.page, language, tag: unique() });
          expect(browser.consoleErrors).toEqual([]);
        } finally {
          await browser.close();
        }
      });
    }
  }
});
