import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BUILT_IN_COLLECTIONS, translator, type Language } from '@decor/core';
import { EN } from '@decor/core/catalogues';
import { z } from 'zod';
import { renderWithTheme } from '../../testing/render.tsx';
import { fieldsOf, problemsOf, type FieldSpec, type JsonSchema } from './fields.ts';
import { SchemaForm } from './schema-form.tsx';

const english = translator(EN, 'en');
const options = BUILT_IN_COLLECTIONS.find((c) => c.name === 'options')!;
const optionSchema = z.toJSONSchema(options.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const specs = fieldsOf(optionSchema, { refs: options.refs, hints: options.ui.fields });
const kindOf = (path: string, list: FieldSpec[] = specs): string | undefined => {
  for (const spec of list) {
    if (spec.path === path) return spec.kind;
    const inner = spec.fields && kindOf(path, spec.fields);
    if (inner) return inner;
  }
  return undefined;
};

describe('fieldsOf (an option, the richest built-in collection)', () => {
  it('gives every field the input of its kind: hints first, then references, then the schema', () => {
    expect(kindOf('name')).toBe('text');
    expect(kindOf('description')).toBe('markdown');
    expect(kindOf('price')).toBe('money');
    expect(kindOf('level')).toBe('number');
    expect(kindOf('standard')).toBe('boolean');
    expect(kindOf('category')).toBe('reference');
    expect(kindOf('requires')).toBe('references');
    expect(kindOf('images')).toBe('files');
    expect(kindOf('swatch')).toBe('object');
    expect(kindOf('swatch.color')).toBe('color');
    expect(kindOf('swatch.texture')).toBe('file');
    const categories = BUILT_IN_COLLECTIONS.find((c) => c.name === 'categories')!;
    const categorySpecs = fieldsOf(
      z.toJSONSchema(categories.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
      {
        refs: categories.refs,
        hints: categories.ui.fields,
      },
    );
    expect(categorySpecs.find((s) => s.path === 'surface')).toMatchObject({ kind: 'select', nullable: true });
    expect(categorySpecs.find((s) => s.path === 'multiple')!.label).toBe('Several choices per room');
  });

  it('names fields for people and marks what is required', () => {
    expect(specs.find((s) => s.path === 'name')).toMatchObject({ label: 'Name', required: true });
    expect(specs.find((s) => s.path === 'sku')).toMatchObject({ label: 'SKU', required: false });
    expect(specs.find((s) => s.path === 'images')!.label).toBe('Photos');
  });

  it('finds the problems the server would refuse, at their field', () => {
    expect(
      problemsOf(specs, { name: '', category: 'x', price: 1.5, level: 9, swatch: { color: 'red' } }, english),
    ).toMatchObject({
      name: 'Required',
      level: 'At most 4',
      'swatch.color': 'A colour like #1f6f5c',
    });
    expect(problemsOf(specs, { name: 'Oak', category: '0190…', price: 100, level: 2 }, english)).toEqual({});
  });
});

function Harness({
  initial,
  currency = 'CAD',
  onValue,
  languages,
}: {
  initial: Record<string, unknown>;
  currency?: string;
  onValue: (v: Record<string, unknown>) => void;
  languages?: { default: Language; others: Language[] };
}) {
  const [value, setValue] = useState(initial);
  return (
    <SchemaForm
      fields={specs}
      value={value}
      currency={currency}
      errors={{ sku: 'This SKU is already used.' }}
      languages={languages}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function renderForm(
  initial: Record<string, unknown>,
  currency = 'CAD',
  languages?: { default: Language; others: Language[] },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The pickers' choices, as the collections would answer (no server in a unit test).
  client.setQueryData(['choices', 'categories'], [{ value: 'cat-1', label: 'Flooring' }]);
  for (const name of ['rooms', 'plans', 'options'])
    client.setQueryData(['choices', name], [{ value: 'opt-1', label: 'Pale Oak' }]);
  let last: Record<string, unknown> = initial;
  renderWithTheme(
    <QueryClientProvider client={client}>
      <Harness initial={initial} currency={currency} onValue={(v) => (last = v)} languages={languages} />
    </QueryClientProvider>,
  );
  return () => last;
}

describe('SchemaForm', () => {
  it('edits money in the currency’s units and stores minor units (no ×100 for yen)', () => {
    const cad = renderForm({ name: 'Oak', price: 185_000 });
    const price = screen.getByLabelText(/Price \(CAD\)/);
    // Shown with the currency's decimals and no thousands separators to trip over; typed with them or without.
    expect((price as HTMLInputElement).value).toBe('1850.00');
    fireEvent.change(price, { target: { value: '1,999.50' } });
    expect(cad().price).toBe(199_950);
  });

  it('refuses at the field an amount that could mean two, and saves nothing of it', () => {
    const cad = renderForm({ name: 'Oak', price: 185_000 });
    const price = screen.getByLabelText(/Price \(CAD\)/);
    // In an English project "3450,50" is not 3,450.50 nor 345,050: it is refused in words.
    fireEvent.change(price, { target: { value: '3450,50' } });
    expect(screen.getByText(/“3450,50” is not clear in this number format: write it as 3,450\.50\./)).toBeTruthy();
    expect(cad().price).toBe('3450,50');
    fireEvent.change(price, { target: { value: '12.345' } });
    expect(screen.getByText(/more than 2 decimals/)).toBeTruthy();
  });

  it('stores yen as they are typed', () => {
    const jpy = renderForm({ name: 'Oak', price: 5_000 }, 'JPY');
    const price = screen.getByLabelText(/Price \(JPY\)/);
    expect((price as HTMLInputElement).value).toBe('5000');
    fireEvent.change(price, { target: { value: '7,500' } });
    expect(jpy().price).toBe(7_500);
  });

  it('renders every kind with its value, and the server’s message at its field', () => {
    const value = renderForm({
      name: 'Oak',
      sku: 'OAK-1',
      standard: true,
      level: 2,
      category: 'cat-1',
      requires: ['opt-1'],
      swatch: { color: '#aa5500', roughness: 0.5 },
      description: '**Warm** oak',
    });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Oak');
    expect(screen.getByText('This SKU is already used.')).toBeTruthy();
    expect((screen.getByLabelText('Standard finish') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Level/) as HTMLInputElement).value).toBe('2');
    expect(screen.getByDisplayValue('Flooring')).toBeTruthy();
    expect(screen.getAllByText('Pale Oak').length).toBeGreaterThan(0);
    expect((screen.getByLabelText(/^Color/) as HTMLInputElement).value).toBe('#aa5500');
    expect(screen.getByText('Photos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a file' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Standard finish'));
    expect(value().standard).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Oak, brushed' } });
    expect(value().name).toBe('Oak, brushed');
    expect(value().swatch).toEqual({ color: '#aa5500', roughness: 0.5 });
  });

  it('adds and removes a nullable object (a swatch)', async () => {
    const value = renderForm({ name: 'Oak', swatch: null });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(value().swatch).toMatchObject({ roughness: 0.6, metalness: 0, scale: 1 });
    // The swatch's fields are drawn once their sentences are at hand (a moment, the first time).
    fireEvent.click(await screen.findByRole('button', { name: /^Remove: Swatch/ }));
    expect(value().swatch).toBeNull();
  });

  it('shows photos as thumbnails, the first as main, and reorders them', () => {
    const value = renderForm({
      name: 'Oak',
      images: ['a0000000-0000-7000-8000-000000000001', 'a0000000-0000-7000-8000-000000000002'],
    });
    expect(screen.getAllByTestId('file-thumb')).toHaveLength(2);
    expect(screen.getByText('Main')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make main' }));
    expect(value().images).toEqual(['a0000000-0000-7000-8000-000000000002', 'a0000000-0000-7000-8000-000000000001']);
  });

  it('asks for a translatable field once per project language, the others written into its translations', () => {
    const value = renderForm({ name: 'Oak', sku: 'OAK-1', translations: { 'fr-CA': { name: 'Chêne' } } }, 'CAD', {
      default: 'en',
      others: ['fr-CA'],
    });
    expect((screen.getByLabelText(/^Name \(English\)/) as HTMLInputElement).value).toBe('Oak');
    expect((screen.getByLabelText(/^Name \(Français\)/) as HTMLInputElement).value).toBe('Chêne');
    expect(screen.getByText('Description (Français)')).toBeTruthy();
    // A field written once whatever the language has one input.
    expect(screen.getAllByLabelText(/^SKU/)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(/^Name \(Français\)/), { target: { value: 'Chêne blanc' } });
    expect(value()).toMatchObject({ name: 'Oak', translations: { 'fr-CA': { name: 'Chêne blanc' } } });
    fireEvent.change(screen.getByLabelText(/^Name \(English\)/), { target: { value: 'White oak' } });
    expect(value()).toMatchObject({ name: 'White oak', translations: { 'fr-CA': { name: 'Chêne blanc' } } });
  });

  it('asks once, unlabelled by language, in a project of one language', () => {
    renderForm({ name: 'Oak' });
    expect(screen.getAllByLabelText(/^Name/)).toHaveLength(1);
    expect(screen.queryByText(/\(English\)/)).toBeNull();
  });
});
