import { useMemo } from 'react';
import type { MessageKey, Translate } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';
import type { FieldSpec } from '../../../components/schema-form/fields.ts';
import type { CollectionInfo } from '../api/get-collections.ts';

/**
 * The catalogue editor's words for a collection and its fields (docs/languages.md): a built-in
 * collection's names, fields, help and choices from the catalogue, in the reader's language; a
 * collection an administrator built keeps the names its `$ui` gives, in the one language they
 * were written in.
 */

/** The built-in collections the editor names from the catalogue. */
const NAMED = new Set(['rooms', 'categories', 'options', 'packages', 'plans', 'units', 'leads', 'comments', 'notes']);

/** Where a select's values are said, by collection and field (the same words the rest of the portal uses). */
const CHOICES: Record<string, (value: string) => string> = {
  surface: (value) => `app.room.surface.${value}`,
  'units:status': (value) => `app.unit-status.${value}`,
  'leads:status': (value) => `app.lead.status.${value}`,
  'leads:source': (value) => `app.lead.source.${value}`,
};

const known = (t: Translate, key: string): string | undefined => {
  const said = t(key as MessageKey);
  return said === key ? undefined : said;
};

/** A built-in collection's fields with their labels, help and choices in the reader's language. */
export function specsInLanguage(specs: FieldSpec[], collection: string, t: Translate): FieldSpec[] {
  return specs.map((spec) => {
    const choice = CHOICES[`${collection}:${spec.path}`] ?? CHOICES[spec.path];
    const choiceWord = (value: string) =>
      (choice ? known(t, choice(value)) : undefined) ??
      (spec.path === 'contact' ? t('app.field.choice.contact', { value }) : value);
    return {
      ...spec,
      label: known(t, `app.field.${spec.path}`) ?? spec.label,
      help: known(t, `app.field-help.${collection}.${spec.path}`) ?? spec.help,
      ...(spec.choices
        ? { choiceLabels: Object.fromEntries(spec.choices.map((value) => [value, choiceWord(value)])) }
        : {}),
      ...(spec.fields ? { fields: specsInLanguage(spec.fields, collection, t) } : {}),
    };
  });
}

export function useCollectionWords() {
  const t = useT();
  return useMemo(() => {
    const named = (info: CollectionInfo) => !info.isCustom && NAMED.has(info.name);
    return {
      label: (info: CollectionInfo) => (named(info) ? t(`app.collection.${info.name}` as MessageKey) : info.ui.label),
      group: (group: string) => t('app.collection.group', { group }),
      count: (info: CollectionInfo, count: number) =>
        named(info)
          ? t(`app.collection-count.${info.name}` as MessageKey, { count })
          : t('app.editor.custom-count', { count }),
      newItem: (info: CollectionInfo) =>
        named(info) ? t(`app.collection-new.${info.name}` as MessageKey) : t('app.editor.custom-new'),
      create: (info: CollectionInfo) =>
        named(info) ? t(`app.collection-create.${info.name}` as MessageKey) : t('app.editor.custom-create'),
      none: (info: CollectionInfo) =>
        named(info) ? t(`app.collection-none.${info.name}` as MessageKey) : t('app.editor.custom-none'),
      search: (info: CollectionInfo) =>
        named(info)
          ? t(`app.collection-search.${info.name}` as MessageKey)
          : t('app.editor.custom-search', { collection: info.ui.label }),
      specs: (info: CollectionInfo, specs: FieldSpec[]) => (named(info) ? specsInLanguage(specs, info.name, t) : specs),
    };
  }, [t]);
}

/** A built-in collection's name, or a field's, in the reader's language; what the collection calls it otherwise. */
export function namedInLanguage(t: Translate, kind: 'collection' | 'field', name: string, fallback: string): string {
  return known(t, `app.${kind}.${name}`) ?? fallback;
}
