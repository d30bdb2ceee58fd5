/**
 * A lead's statuses and sources (their words are the catalogue's `app.lead.*`), without the schemas (docs/public-pages.md): routes
 * read them in the first page's bundle, which carries no zod.
 */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'lost', 'spam', 'held'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Where an inquiry was made: the form's own page, the builder's widget, a sales-centre screen. */
export const LEAD_SOURCES = ['inquire', 'embed', 'display'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
