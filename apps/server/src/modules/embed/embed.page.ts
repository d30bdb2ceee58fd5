import {
  type EmbedSection,
  formatMoney,
  type Language,
  newsConsentText,
  type Theme,
  type Translate,
  UNIT_STATUSES,
} from '@decor/core';
import { escapeHtml as e } from '../../lib/html.ts';

/**
 * The builder's widget as one small HTML page in the project's brand (docs/public-pages.md,
 * "The widget"): no app, no cookie, no third party; its styles inline, its one script
 * (`/embed/widget.js`) from our origin. Sections in the order a visitor reads them.
 */

export interface WidgetFacts {
  /** The catalogue's words are already in `language`; `t` says the widget's own sentences in it. */
  project: { name: string; tagline: string | null; currency: string; locale: string; theme: Theme; language: Language };
  t: Translate;
  sections: EmbedSection[];
  /** Whether the inquiry form may be in the frame (the project listed its sites); otherwise a link opens it. */
  formInFrame: boolean;
  packages: Array<{ id: string; name: string; description: string; price: number }>;
  units: Array<{ name: string; floor: number; status: string }>;
  photos: Array<{ file: string; name: string }>;
  interests: Array<{ kind: string; id: string; name: string }>;
}

// White text reads on each (contrast 4.5:1 or more).
const STATUS_COLOURS: Record<string, string> = { available: '#2b7a3b', reserved: '#a65400', sold: '#5c636a' };

/** A unit's status in words ("Available"), or the status itself for one the widget does not know. */
const statusWord = (t: Translate, status: string) =>
  (UNIT_STATUSES as readonly string[]).includes(status) ? t('widget.status', { status }) : status;

function packagesSection({ packages, project, t }: WidgetFacts) {
  if (!packages.length) return '';
  const money = (minor: number) => formatMoney(minor, { currency: project.currency, locale: project.locale });
  const cards = packages
    .map(
      (p) =>
        `<li class="card"><h3>${e(p.name)}</h3>${p.description ? `<p>${e(p.description.replace(/[#*_`>]/g, '').slice(0, 180))}</p>` : ''}<p class="price">${e(t('widget.from', { price: money(p.price) }))}</p></li>`,
    )
    .join('');
  return `<section><h2>${e(t('widget.packages'))}</h2><ul class="cards">${cards}</ul></section>`;
}

function availabilitySection({ units, sections, t }: WidgetFacts) {
  if (!units.length) return '';
  const counts = UNIT_STATUSES.map(
    (status) =>
      `<li><span class="dot" style="background:${STATUS_COLOURS[status]}"></span>${e(t('widget.count', { status, count: units.filter((u) => u.status === status).length }))}</li>`,
  ).join('');
  let grid = '';
  if (sections.includes('grid')) {
    const floors = [...new Set(units.map((u) => u.floor))];
    grid = `<table class="grid"><caption>${e(t('widget.by-floor'))}</caption>${floors
      .map(
        (floor) =>
          `<tr><th scope="row">${e(t('widget.floor', { floor }))}</th><td>${units
            .filter((u) => u.floor === floor)
            .map(
              (u) =>
                `<span class="unit" style="background:${STATUS_COLOURS[u.status] ?? '#5c636a'}" title="${e(t('widget.unit', { unit: u.name, status: statusWord(t, u.status) }))}">${e(u.name)}<span class="sr"> ${e(statusWord(t, u.status))}</span></span>`,
            )
            .join('')}</td></tr>`,
      )
      .join('')}</table>`;
  }
  return `<section><h2>${e(t('widget.availability'))}</h2><ul class="counts">${counts}</ul>${grid}</section>`;
}

function gallerySection({ photos, t }: WidgetFacts) {
  if (!photos.length) return '';
  const items = photos
    .map(
      (p) =>
        `<li><figure><img src="/api/files/${e(p.file)}?thumb=200" alt="" loading="lazy" width="200" height="150"><figcaption>${e(p.name)}</figcaption></figure></li>`,
    )
    .join('');
  return `<section><h2>${e(t('widget.finishes'))}</h2><ul class="gallery">${items}</ul></section>`;
}

function formSection({ formInFrame, interests, t, project }: WidgetFacts) {
  const heading = `<h2>${e(t('widget.ask'))}</h2>`;
  if (!formInFrame) {
    return `<section>${heading}<p><a class="button" data-count href="/inquire?utm_source=widget" target="_blank" rel="noopener">${e(t('widget.ask-link'))}</a></p></section>`;
  }
  const options = interests.map((i) => `<option value="${e(`${i.kind}:${i.id}`)}">${e(i.name)}</option>`).join('');
  const field = (name: string, label: string, type: string, extra = '') =>
    `<label>${e(label)}<input name="${name}" type="${type}" ${extra}></label>`;
  return `<section>${heading}<form data-inquiry novalidate>
<div class="two">${field('firstName', t('app.inquiry.first-name'), 'text', 'required maxlength="100" autocomplete="given-name"')}${field('lastName', t('app.inquiry.last-name'), 'text', 'required maxlength="100" autocomplete="family-name"')}</div>
${field('email', t('app.inquiry.email'), 'email', 'required maxlength="254" autocomplete="email"')}${field('phone', t('widget.phone'), 'tel', 'maxlength="30" autocomplete="tel"')}
<label>${e(t('app.inquiry.interest'))}<select name="interest"><option value="">${e(t('app.inquiry.any-home'))}</option>${options}</select></label>
<label>${e(t('app.inquiry.message'))}<textarea name="message" rows="3" maxlength="5000"></textarea></label>
<div class="hp" aria-hidden="true"><label>Website<input name="website" tabindex="-1" autocomplete="off"></label></div>
<label class="check"><input type="checkbox" name="news"><span data-news-text>${e(newsConsentText(project.name, t))}</span></label>
<button type="submit">${e(t('app.inquiry.send'))}</button><p data-status class="status" role="status" aria-live="polite"></p></form></section>`;
}

const SECTIONS: Record<Exclude<EmbedSection, 'grid'>, (facts: WidgetFacts) => string> = {
  packages: packagesSection,
  availability: availabilitySection,
  gallery: gallerySection,
  form: formSection,
};

function styles(theme: Theme) {
  return `*{box-sizing:border-box}html,body{margin:0;overflow:hidden}body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff;padding:16px}
h1{font-size:22px;margin:0 0 2px;color:${theme.primary}}h2{font-size:17px;margin:20px 0 8px}h3{font-size:15px;margin:0 0 4px}p{margin:0 0 6px}.tag{color:#5c6670}
ul{list-style:none;margin:0;padding:0}.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:10px}.card{border:1px solid #dde1e6;border-radius:8px;padding:12px}
.card p{font-size:13px;color:#5c6670}.card .price{font-weight:700;color:#1f2933;font-size:15px}.counts{display:flex;flex-wrap:wrap;gap:6px 18px}.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px}
.grid{border-collapse:collapse;margin-top:10px;width:100%}.grid caption{text-align:left;font-size:13px;color:#5c6670}.grid th{width:1%;font-size:12px;text-align:left;white-space:nowrap;padding:2px 8px 2px 0;font-weight:600}
.grid td{display:flex;flex-wrap:wrap;gap:3px;padding:2px 0}.unit{color:#fff;font-size:11px;padding:2px 5px;border-radius:3px;min-width:34px;text-align:center}
.gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(110px,1fr));gap:6px}.gallery figure{margin:0}.gallery figcaption{font-size:.8125rem;line-height:1.3;margin-top:4px;overflow-wrap:anywhere}.gallery img{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:6px;display:block;background:#eef0f2}
form{display:grid;gap:10px;max-width:560px}.two{display:grid;grid-template-columns:1fr 1fr;gap:10px}label{display:grid;gap:3px;font-size:13px;font-weight:600}
input,select,textarea{font:inherit;padding:8px 10px;border:1px solid #c5ccd3;border-radius:6px;width:100%;font-weight:400;background:#fff}.check{display:flex;gap:8px;align-items:flex-start;font-weight:400}.check input{width:auto;margin-top:3px}
button,.button{font:inherit;font-weight:600;background:${theme.primary};color:#fff;border:0;border-radius:6px;padding:10px 18px;cursor:pointer;text-decoration:none;display:inline-block;justify-self:start}button:disabled{opacity:.6}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.status{font-size:14px;margin:0}.problem{color:#c92a2a}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.foot{margin-top:18px;font-size:13px}a{color:${theme.primary}}@media(max-width:420px){.two{grid-template-columns:1fr}body{padding:12px}}`;
}

/** The sentences the widget's script says (sending, thanks, a failed connection), in the page's language. */
export const WIDGET_SCRIPT_WORDS = [
  'sending',
  'thanks',
  'not-sent',
  'not-prepared',
  'check-failed',
  'check-unavailable',
] as const;

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function renderWidget(facts: WidgetFacts): string {
  const { project, sections, t } = facts;
  const words = Object.fromEntries(
    WIDGET_SCRIPT_WORDS.map((word) => [word, t(`widget.script.${word}`, { name: '{name}' })]),
  );
  const body = sections
    .filter((section): section is Exclude<EmbedSection, 'grid'> => section !== 'grid')
    .map((section) => SECTIONS[section](facts))
    .join('\n');
  return `<!doctype html><html lang="${e(project.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin"><title>${e(project.name)}</title><meta name="description" content="${e(project.tagline || project.name)}"><style>${styles(project.theme)}</style></head>
<body><header><h1>${e(project.name)}</h1>${project.tagline ? `<p class="tag">${e(project.tagline)}</p>` : ''}</header>
${body}
<p class="foot"><a data-count href="/home" target="_top">${e(t('widget.buyers'))}</a></p>
<script type="application/json" id="widget-words">${scriptJson(words)}</script>
<script src="/embed/widget.js" defer></script></body></html>`;
}
