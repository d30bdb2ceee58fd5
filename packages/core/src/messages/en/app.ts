/**
 * What the screens say, in English, by key: `app.<area>.<what>`. Keys are used in the web
 * app as `t('app.…')`; the catalogue check finds each one there (docs/languages.md).
 */
export const EN_APP = {
  'app.language': 'Language',
  'app.home.hint.draft': 'Your choices are saved as you make them.',
  'app.home.hint.submitted': 'The design centre is reviewing your selection.',
  'app.home.hint.approved': 'Your selection is approved and on its way to the trades.',
  'app.home.hint.locked': 'Contact the design centre to make changes.',
  'app.home.deadline-passed': 'Deadline passed',
  'app.home.due-today': 'Due today',
  'app.home.days-left': '{days, plural, one {# day left to choose} other {# days left to choose}}',
  'app.home.your-home': 'Your home',
  'app.home.unit': 'Unit {name}',
  'app.home.rooms': '{bedrooms} bed · {bathrooms} bath',
  'app.home.floor': 'Floor {floor}',
  'app.home.due': 'Due {date}',
  'app.home.required': 'Required choices',
  'app.home.progress': '{done} of {total}',
  'app.home.progress-label': 'Required choices made',
  'app.home.still-to-choose': 'Still to choose: {list}',
  'app.home.upgrades': 'Upgrades',
  'app.home.over-standard': 'over the standard finishes, before tax',
  'app.home.deposit': 'Deposit on upgrades',
  'app.home.deposit-percent': '{percent} % of the upgrades',
  'app.home.no-deposit': 'No deposit for this project',
  'app.home.choose': 'Choose my finishes',
  'app.home.see': 'See my finishes',
  'app.home.explore': 'Explore in 3D',
  'app.home.selection': 'My selection',
} as const;
