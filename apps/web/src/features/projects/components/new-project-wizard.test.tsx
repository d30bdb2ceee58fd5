import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderScreen } from '../../../testing/screen.tsx';
import { NewProjectWizard } from './new-project-wizard.tsx';

/*
 * The new-project wizard as a form (docs/admin.md, "New project"): what each step refuses in
 * words before anything is sent, what the last step sends, and where a refusal of the server
 * takes the administrator back to. The whole journey (the wizard on the real server, the first
 * manager's mail and arrival at the new address) is the browser's (e2e/admin.test.ts).
 */

const EXISTING = [{ _id: 'p1', key: 'demo', name: 'Maple Residences' }];
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

afterEach(() => vi.unstubAllGlobals());

describe('the new-project wizard', () => {
  it('makes the key from the name, and refuses a kept or a taken key in words before anything is sent', async () => {
    const api = fakeApi({ 'GET /api/admin/projects': { body: EXISTING } });
    renderScreen(<NewProjectWizard />);
    type('Project name', 'Cedar Park East');
    expect((screen.getByLabelText('Key') as HTMLInputElement).value).toBe('cedar-park-east');

    type('Key', 'www');
    next();
    await screen.findByText('“www” is kept for the portal itself: choose another key.');
    await waitFor(() => expect(api.sent('GET', '/api/admin/projects')).toHaveLength(1));
    type('Key', 'demo');
    next();
    await screen.findByText('There is already a project with the key “demo”: choose another.');
    // A key edited by hand no longer follows the name.
    type('Project name', 'Cedar Park West');
    expect((screen.getByLabelText('Key') as HTMLInputElement).value).toBe('demo');
    expect(api.asked.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('says how prices will read in the currency and locale chosen, and refuses an invented currency', async () => {
    fakeApi({ 'GET /api/admin/projects': { body: EXISTING } });
    renderScreen(<NewProjectWizard />);
    type('Project name', 'Cedar Park');
    next();
    type('Currency', 'EUR');
    type('Locale', 'en-IE');
    expect((await screen.findByText('€12,345.00')).tagName).toBe('B');
    type('Currency', 'XXQ');
    next();
    await screen.findByText('An ISO 4217 currency code such as CAD.');
    expect(screen.getByLabelText('Currency')).toBeTruthy();
  });

  it('sends the project as typed, and goes back to the step of a field the server refuses, with its sentence', async () => {
    const api = fakeApi({
      'GET /api/admin/projects': { body: EXISTING },
      'POST /api/admin/projects': {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'There is already a project with the key “cedar”.',
            key: 'admin.key-taken',
            params: { key: 'cedar' },
            details: { field: 'key' },
          },
        },
      },
    });
    renderScreen(<NewProjectWizard />);
    type('Project name', 'Cedar');
    next();
    type('Currency', 'usd');
    next();
    next();
    fireEvent.click(screen.getByLabelText('A copy of the demo catalogue'));
    next();
    type('E-mail of the first manager', ' first.manager@example.test ');
    expect(screen.getByTestId('wizard-summary').textContent).toContain('cedar.');
    fireEvent.click(screen.getByRole('button', { name: 'Create the project' }));

    await waitFor(() => expect(api.sent('POST', '/api/admin/projects')).toHaveLength(1));
    expect(api.sent('POST', '/api/admin/projects')[0]!.body).toMatchObject({
      key: 'cedar',
      name: 'Cedar',
      currency: 'USD',
      catalogue: 'demo',
      manager: { email: 'first.manager@example.test' },
    });
    // Back on the first step, the key field saying what the server said.
    expect((await screen.findByLabelText('Key')) as HTMLInputElement).toBeTruthy();
    expect(screen.getAllByText(/There is already a project with the key “cedar”/).length).toBeGreaterThan(0);
  });
});
