import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, signIn } from './support/browser.ts';
import { asPerson, createAdmin, createManager, createProject } from './support/fixtures.ts';

/**
 * Every form that saves with `_version` (docs/screens.md, "When two people edit one thing"): the
 * person types a change, someone else saves the same thing meanwhile, the person saves. The 409
 * puts the current values in the form, keeps what the person typed aside, one click puts it back
 * over the current values, and the next save goes through with both changes kept.
 */
type Call = Awaited<ReturnType<typeof asPerson>>;

interface VersionedForm {
  /** Makes what the form edits; returns who edits it (signed in on `page`) and the API calls of someone else. */
  open(page: Page): Promise<{ other: Call; read: () => Promise<Record<string, unknown>> }>;
  /** The person's change, typed in the form. */
  mine(page: Page): Promise<void>;
  /** Someone else's change, saved through the API meanwhile. */
  theirs(other: Call): Promise<void>;
  save(page: Page): Promise<void>;
  /** The form shows someone else's change and not the person's (after the 409). */
  showsCurrent(page: Page): Promise<void>;
  /** Both changes, as saved. */
  expectBoth(saved: Record<string, unknown>): void;
}

const tag = () => Date.now().toString(36);

/** A project of its own (the others' journeys are not disturbed), and a manager of it signed in on `page`. */
async function projectWithManager(page: Page, next: string) {
  const { key, id } = await createProject({ key: `conflict-${tag()}` });
  const manager = await createManager({ projectKey: key });
  await signIn(page, { ...manager, projectKey: key, next });
  const other = await asPerson({ ...(await createManager({ projectKey: key })), projectKey: key });
  return { key, id, other, read: async () => (await other('GET', '/api/project')).json as Record<string, unknown> };
}

const versionOf = async (call: Call, path: string) => ((await call('GET', path)).json as { _version: number })._version;

/** Each form's journey, made afresh for its test (what it opened is remembered between the steps). */
const FORMS: Record<string, () => VersionedForm> = {
  'a lead (the sales team’s drawer)': () => {
    let at = '';
    return {
      async open(page) {
        const manager = await createManager();
        const other = await asPerson(await createManager());
        const made = await other('POST', '/api/schema/leads', {
          firstName: 'Casey',
          lastName: `Conflict ${tag()}`,
          email: `casey-${tag()}@example.test`,
          source: 'inquire',
          activities: [
            {
              at: new Date().toISOString(),
              source: 'inquire',
              message: 'Two bedrooms, please.',
              page: '/inquire',
              interest: null,
            },
          ],
        });
        expect(made.status, JSON.stringify(made.json)).toBe(201);
        const id = (made.json as { _id: string })._id;
        await signIn(page, { ...manager, next: `/manage/leads/${id}` });
        await page.getByTestId('lead-detail').waitFor();
        at = `/api/schema/leads/${id}`;
        return { other, read: async () => (await other('GET', at)).json as Record<string, unknown> };
      },
      async mine(page) {
        await page
          .getByTestId('lead-detail')
          .getByRole('textbox', { name: /Notes of the sales team/ })
          .fill('Called Tuesday; visiting Saturday.');
      },
      async theirs(other) {
        expect((await other('PATCH', at, { status: 'contacted', _version: await versionOf(other, at) })).status).toBe(
          200,
        );
      },
      async save(page) {
        await page.getByTestId('lead-detail').getByRole('button', { name: 'Save' }).click();
      },
      async showsCurrent(page) {
        const detail = page.getByTestId('lead-detail');
        await expect.poll(() => detail.getByLabel('Status', { exact: true }).first().inputValue()).toBe('Contacted');
        expect(await detail.getByRole('textbox', { name: /Notes of the sales team/ }).inputValue()).toBe('');
      },
      expectBoth(saved) {
        expect(saved).toMatchObject({ status: 'contacted', notes: 'Called Tuesday; visiting Saturday.' });
      },
    };
  },

  'a catalogue item (the editor of every collection)': () => {
    let at = '';
    return {
      async open(page) {
        const manager = await createManager();
        const other = await asPerson(await createManager());
        const made = await other('POST', '/api/schema/rooms', { name: `Den ${tag()}`, order: 40 });
        expect(made.status, JSON.stringify(made.json)).toBe(201);
        const id = (made.json as { _id: string })._id;
        at = `/api/schema/rooms/${id}`;
        await signIn(page, { ...manager, next: `/manage/models/rooms/${id}` });
        await page.getByRole('textbox', { name: /^Name \(English\)/ }).waitFor();
        return { other, read: async () => (await other('GET', at)).json as Record<string, unknown> };
      },
      async mine(page) {
        await page.getByRole('textbox', { name: /^Name \(English\)/ }).fill('Reading room');
      },
      async theirs(other) {
        expect((await other('PATCH', at, { order: 41, _version: await versionOf(other, at) })).status).toBe(200);
      },
      async save(page) {
        await page.getByRole('button', { name: 'Save changes' }).click();
      },
      async showsCurrent(page) {
        await expect.poll(() => page.getByRole('textbox', { name: /^Order/ }).inputValue()).toBe('41');
        expect(await page.getByRole('textbox', { name: /^Name \(English\)/ }).inputValue()).toMatch(/^Den /);
      },
      expectBoth(saved) {
        expect(saved).toMatchObject({ name: 'Reading room', order: 41 });
      },
    };
  },

  'the project’s settings': () => {
    let at = '';
    return {
      async open(page) {
        const { other, read } = await projectWithManager(page, '/manage/settings');
        await page.getByRole('textbox', { name: 'Name', exact: true }).first().waitFor();
        at = ((await read()) as { _id: string })._id;
        return { other, read };
      },
      async mine(page) {
        await page.getByRole('textbox', { name: 'Name', exact: true }).first().fill('Cedar Court');
      },
      async theirs(other) {
        const project = (await other('GET', '/api/project')).json as { _version: number };
        expect(
          (
            await other('PATCH', `/api/projects/${at}`, {
              options: { defaultDeadlineDays: 21 },
              _version: project._version,
            })
          ).status,
        ).toBe(200);
      },
      async save(page) {
        await page.getByRole('button', { name: 'Save changes' }).click();
      },
      async showsCurrent(page) {
        await expect
          .poll(() => page.getByRole('textbox', { name: /^Days a new buyer has to choose/ }).inputValue())
          .toBe('21');
        expect(await page.getByRole('textbox', { name: 'Name', exact: true }).first().inputValue()).toMatch(
          /^Project conflict-/,
        );
      },
      expectBoth(saved) {
        expect(saved).toMatchObject({ name: 'Cedar Court', options: { defaultDeadlineDays: 21 } });
      },
    };
  },

  'a project, edited by an administrator': () => {
    let at = '';
    return {
      async open(page) {
        const { other, read, key, id } = await projectWithManager(page, '/manage');
        const admin = await createAdmin();
        await signIn(page, { ...admin, next: '/admin/projects' });
        const card = page.getByTestId('admin-project').and(page.locator(`[data-key="${key}"]`));

        await card.getByRole('button', { name: 'Edit' }).click();
        at = id;
        return { other, read };
      },
      async mine(page) {
        await page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true }).fill('Birch Row');
      },
      async theirs(other) {
        const project = (await other('GET', '/api/project')).json as { _version: number };
        expect(
          (await other('PATCH', `/api/projects/${at}`, { currency: 'USD', _version: project._version })).status,
        ).toBe(200);
      },
      async save(page) {
        await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      },
      async showsCurrent(page) {
        const dialog = page.getByRole('dialog');
        await expect.poll(() => dialog.getByRole('textbox', { name: /^Currency/ }).inputValue()).toBe('USD');
        expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toMatch(
          /^Project conflict-/,
        );
      },
      expectBoth(saved) {
        expect(saved).toMatchObject({ name: 'Birch Row', currency: 'USD' });
      },
    };
  },

  'a project’s settings as a document (an administrator’s config editor)': () => {
    let at = '';
    return {
      async open(page) {
        const { other, read, id } = await projectWithManager(page, '/manage');
        const admin = await createAdmin();
        await signIn(page, { ...admin, next: `/admin/configs/${id}` });
        await page.getByTestId('config-json').waitFor();
        at = id;
        return { other, read };
      },
      async mine(page) {
        const text = page.getByTestId('config-json');
        const config = JSON.parse(await text.inputValue()) as { name: string };
        await text.fill(JSON.stringify({ ...config, name: 'Aspen Yard' }, null, 2));
        await page.getByRole('button', { name: /^Review 1 change/ }).click();
      },
      async theirs(other) {
        const project = (await other('GET', '/api/project')).json as { _version: number };
        expect(
          (await other('PATCH', `/api/projects/${at}`, { currency: 'EUR', _version: project._version })).status,
        ).toBe(200);
      },
      async save(page) {
        await page.getByRole('button', { name: 'Save these changes' }).click();
      },
      async showsCurrent(page) {
        const text = page.getByTestId('config-json');
        await expect
          .poll(async () => (JSON.parse(await text.inputValue()) as { currency: string }).currency)
          .toBe('EUR');
        expect((JSON.parse(await text.inputValue()) as { name: string }).name).toMatch(/^Project conflict-/);
      },
      expectBoth(saved) {
        expect(saved).toMatchObject({ name: 'Aspen Yard', currency: 'EUR' });
      },
    };
  },
};

describe('a form saved over someone else’s change shows the current version and keeps what was typed', () => {
  for (const [name, journey] of Object.entries(FORMS)) {
    it(name, async () => {
      const form = journey();
      const browser = await openBrowser({ viewport: DESKTOP });
      try {
        const { page } = browser;
        const { other, read } = await form.open(page);
        await form.mine(page);
        await form.theirs(other);
        await form.save(page);
        // The current version in the form, what was typed kept aside.
        const notice = page.getByTestId('edit-conflict');
        await notice.waitFor();
        await form.showsCurrent(page);
        // One click puts it back over the current version; the next save goes through.
        await notice.getByRole('button', { name: 'Put my changes back' }).click();
        await form.save(page);
        await expect.poll(async () => JSON.stringify(await read())).not.toBe('');
        await expect
          .poll(async () => {
            try {
              form.expectBoth(await read());
              return true;
            } catch {
              return false;
            }
          })
          .toBe(true);
        expect(await notice.count()).toBe(0);
        expect(browser.consoleErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});
