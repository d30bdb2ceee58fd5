/**
 * Every sentence the product says to a person, in English, by key (docs/api.md, "Errors").
 * `{name}` marks a parameter. Another language is another file with the same keys.
 */
export const EN = {
  // Choosing finishes (docs/selection-rules.md)
  'rule.closed': 'Choices are closed for this selection.',
  'rule.unknown': 'This option is no longer offered.',
  'rule.inactive': 'This option is no longer offered.',
  'rule.plan': 'Not offered for your home’s plan.',
  'rule.requires': 'Needs {names} first.',
  'rule.excludes': 'Can’t be combined with {names}.',
  'rule.one-only': 'Only one choice of this kind per room.',
  'rule.package': 'This package cannot be applied.',
  'rule.another-choice': 'another choice',

  // A cart's life
  'cart.staff-only': 'Only the design centre can do this.',
  'cart.deadline-passed': 'The deadline has passed: ask the design centre to extend it.',
  'cart.cannot.submit': '{aStatus} selection cannot be submitted.',
  'cart.cannot.approve': '{aStatus} selection cannot be approved.',
  'cart.cannot.return': '{aStatus} selection cannot be returned.',
  'cart.cannot.reopen': '{aStatus} selection cannot be reopened.',
  'cart.cannot.extend': '{aStatus} selection cannot be extended.',
  'cart.a-status.draft': 'A draft',
  'cart.a-status.submitted': 'A submitted',
  'cart.a-status.approved': 'An approved',
  'cart.edit.locked': 'The deadline for this selection has passed. Contact the design centre to make changes.',
  'cart.edit.submitted': 'This selection has been submitted and can no longer be changed.',

  // The collection engine
  'engine.no-collection': 'There is no collection "{collection}" in this project.',
  'engine.no-item': 'There is no such {singular}.',
  'engine.not-an-id': 'That is not an item id.',
  'engine.invalid': 'Invalid {singular}: {issues}',
  'engine.missing-reference': 'This refers to an item that does not exist in this project.',
  'engine.missing-references': 'This refers to items that do not exist in this project.',
  'engine.stale': 'Someone changed this since you opened it. Here is the current version.',
  'engine.in-use': 'This {singular} is still used by {count} item(s); change those first.',
  'engine.send-version': 'Send the version you read (If-Match header or _version), so that no change is lost.',
  'engine.not-a-member': 'You are not a member of this project.',
  'engine.sign-in-to-see': 'Sign in to see this.',
  'engine.sign-in-to-change': 'Sign in to make changes.',
  'engine.read-only': '{label} cannot be changed here.',
  'engine.managers-only': "Only the project's managers may change {collection}.",
  'engine.fields-refused': 'You may not change {fields}.',
  'engine.not-a-field': '"{key}" is not a field of {collection}.',
  'engine.not-filterable': 'You cannot filter {collection} by {field}.',
  'engine.filter-once': 'Give "{key}" once, as text.',
  'engine.filter-bound': '"{key}" needs a number on a number field.',
  'engine.filter-number': '"{key}" needs a number.',
  'engine.filter-boolean': '"{key}" needs true or false.',
  'engine.filter-object': '"{key}" cannot be filtered on.',
  'engine.page-limit': 'limit must be a whole number from 1 to {max}.',
  'engine.after-id': 'afterId must be the _id of the last item of the previous page.',

  // Links that could not be used (/400)
  'link.invalid': 'This link is not valid. Check that you copied all of it.',
  'link.withdrawn': 'This link has been withdrawn. Ask the sales team for a new one.',
  'link.expired': 'This link has expired. Ask the sales team for a new one.',
  'link.used': 'This link has already been used. Sign in, or ask the sales team for a new one.',
  'link.new-accounts-only': 'This code opens a new account, and you are already signed in. Ask the sales team to invite your e-mail address instead.',
  'link.account-exists': 'There is already an account with this e-mail address. Sign in with it and ask the sales team for an invitation.',
  'link.too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'link.no-access': 'Could not get access.',
  'link.request-failed': 'Request failed.',

  // Identity (the provider's codes)
  'identity.weak-password': 'That password does not meet the requirements below.',
  'identity.popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'identity.popup-closed-by-user': 'The sign-in window was closed before you finished. Please try again.',
  'identity.unauthorized-domain': 'Sign-in is not allowed from this address. Use the link your builder sent you.',
  'identity.network-request-failed': 'We could not reach the server. Check your connection and try again.',
  'identity.user-mismatch': 'That sign-in belongs to a different account than the one you are using.',
  'identity.wrong-password':
    'That e-mail and password do not match. Check them, or reset your password. If you have just created your account, first open the link we e-mailed you.',
  'identity.email-already-in-use': 'There is already an account with this e-mail address. Sign in instead.',
  'identity.user-not-found': 'We could not find an account with this e-mail address.',
  'identity.too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'identity.invalid-action-code': 'This link or code has expired or was already used. Ask for a new one.',
} as const;
