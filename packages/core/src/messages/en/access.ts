/**
 * Why a link could not be used (/400) and what the identity provider's refusals mean, in
 * English: the sign-in page loads these only when it has one to say (docs/languages.md, "Loading").
 */
export const EN_ACCESS = {
  'link.invalid': 'This link is not valid. Check that you copied all of it.',
  'link.withdrawn': 'This link has been withdrawn. Ask the sales team for a new one.',
  'link.expired': 'This link has expired. Ask the sales team for a new one.',
  'link.used': 'This link has already been used. Sign in, or ask the sales team for a new one.',
  'link.new-accounts-only':
    'This code opens a new account, and you are already signed in. Ask the sales team to invite your e-mail address instead.',
  'link.account-exists':
    'There is already an account with this e-mail address. Sign in with it and ask the sales team for an invitation.',
  'link.too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'link.no-access': 'Could not get access.',
  'link.request-failed': 'Request failed.',
  'identity.weak-password': 'That password does not meet the password rules.',
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
  'identity.user-disabled':
    'This account has been turned off. Contact the design centre if you think this is a mistake.',
  'identity.invalid-action-code': 'This link or code has expired or was already used. Ask for a new one.',
} as const;
