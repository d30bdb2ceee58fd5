import type { EN_VALIDATION } from '../en/validation.ts';

/** Les vérifications des champs, en français canadien (docs/languages.md, « Validation »). */
export const FR_CA_VALIDATION: { readonly [Key in keyof typeof EN_VALIDATION]: string } = {
  'validation.required': 'est obligatoire',
  'validation.unknown': 'n’est pas un champ accepté ici',
  'validation.type':
    'doit être {type, select, string {du texte} number {un nombre} integer {un nombre entier} boolean {vrai ou faux} array {une liste} object {un groupe de champs} date {une date} null {vide} other {d’un autre type}}',
  'validation.min':
    '{kind, select, string {doit avoir au moins {limit, plural, one {# caractère} other {# caractères}}} array {doit avoir au moins {limit, plural, one {# élément} other {# éléments}}} object {doit avoir au moins {limit, plural, one {# champ} other {# champs}}} other {{inclusive, select, no {doit être supérieur à {limit, number}} other {doit être d’au moins {limit, number}}}}}',
  'validation.max':
    '{kind, select, string {doit avoir au plus {limit, plural, one {# caractère} other {# caractères}}} array {doit avoir au plus {limit, plural, one {# élément} other {# éléments}}} object {doit avoir au plus {limit, plural, one {# champ} other {# champs}}} other {{inclusive, select, no {doit être inférieur à {limit, number}} other {doit être d’au plus {limit, number}}}}}',
  'validation.format':
    'n’est pas {format, select, email {une adresse courriel} url {une adresse Web} uri {une adresse Web} uuid {un identifiant} date {une date (AAAA-MM-JJ)} datetime {une date et une heure} time {une heure} other {dans la forme attendue}}',
  'validation.choice': 'doit être l’une des valeurs suivantes : {choices}',
  'validation.multiple': 'doit être un multiple de {step, number}',
  'validation.unique': 'contient deux fois la même valeur',
  'validation.invalid': 'n’est pas valide',
  'validation.tax-rate': 'doit être un pourcentage d’au plus quatre décimales, comme 9,975',
  'validation.instalments-over': 'totalisent plus de 100 %',
  'validation.currency': 'doit être un code de devise ISO 4217, comme CAD',
  'validation.time-zone': 'doit être un fuseau horaire, comme America/Toronto',
  'validation.locale': 'doit être une langue et une région, comme en-CA ou fr-CA',
  'validation.languages-once': 'nomme deux fois la même langue',
  'validation.default-language': 'doit être l’une des langues du projet',
  'validation.app-path': 'doit être une page du portail, comme /configure',
  'validation.thumbnail-width': 'doit être l’une des largeurs de vignette',
  'validation.thumbnail-or-texture': 'demandez une vignette ou la texture, pas les deux',
  'validation.finishes-limit': 'peut avoir au plus {limit, number} finitions',
  'validation.nothing-to-change': 'doit indiquer ce qu’il faut modifier',
  'validation.choice-values': 'doit avoir au moins une valeur pour un choix',
  'validation.reference-collection': 'doit indiquer la collection à laquelle le champ renvoie',
  'validation.used-twice': '« {value} » est utilisé deux fois',
  'validation.project-key':
    '{problem, select, missing {manque : donnez une clé au projet, elle devient son adresse (p. ex. cedar)} length {doit avoir de 2 à {max, number} caractères} form {doit être en lettres minuscules et en chiffres, avec un seul trait d’union entre les mots (p. ex. cedar-park)} other {« {key} » est réservée au portail : choisissez une autre clé}}',
};
