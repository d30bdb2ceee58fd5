/**
 * A slug (docs/data-model.md): lowercase, every run of non-alphanumerics becomes one hyphen,
 * with no hyphen left at either end. Accents are folded first so "Café" gives "cafe".
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}
