import type { EN_ACCESS } from '../en/access.ts';

/** Links and the identity provider's refusals in Canadian French (see ../en/access.ts). */
export const FR_CA_ACCESS: Record<keyof typeof EN_ACCESS, string> = {
  'link.invalid': 'Ce lien n’est pas valide. Vérifiez que vous l’avez copié en entier.',
  'link.withdrawn': 'Ce lien a été retiré. Demandez-en un nouveau à l’équipe des ventes.',
  'link.expired': 'Ce lien est expiré. Demandez-en un nouveau à l’équipe des ventes.',
  'link.used': 'Ce lien a déjà été utilisé. Connectez-vous, ou demandez-en un nouveau à l’équipe des ventes.',
  'link.new-accounts-only':
    'Ce code ouvre un nouveau compte, et vous êtes déjà connecté. Demandez plutôt à l’équipe des ventes d’inviter votre adresse courriel.',
  'link.account-exists':
    'Un compte existe déjà avec cette adresse courriel. Connectez-vous avec celle-ci et demandez une invitation à l’équipe des ventes.',
  'link.too-many-requests': 'Trop de tentatives. Attendez quelques minutes, puis réessayez.',
  'link.no-access': 'L’accès n’a pas pu être obtenu.',
  'link.request-failed': 'La demande a échoué.',
  'identity.weak-password': 'Ce mot de passe ne respecte pas les règles des mots de passe.',
  'identity.popup-blocked':
    'Votre navigateur a bloqué la fenêtre de connexion. Autorisez les fenêtres contextuelles pour ce site et réessayez.',
  'identity.popup-closed-by-user': 'La fenêtre de connexion a été fermée avant la fin. Veuillez réessayer.',
  'identity.unauthorized-domain':
    'La connexion n’est pas permise depuis cette adresse. Utilisez le lien que votre constructeur vous a envoyé.',
  'identity.network-request-failed': 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
  'identity.user-mismatch': 'Cette connexion appartient à un autre compte que celui que vous utilisez.',
  'identity.wrong-password':
    'Ce courriel et ce mot de passe ne correspondent pas. Vérifiez-les, ou réinitialisez votre mot de passe. Si vous venez de créer votre compte, ouvrez d’abord le lien que nous vous avons envoyé par courriel.',
  'identity.email-already-in-use': 'Un compte existe déjà avec cette adresse courriel. Connectez-vous plutôt.',
  'identity.user-not-found': 'Aucun compte ne correspond à cette adresse courriel.',
  'identity.too-many-requests': 'Trop de tentatives. Attendez quelques minutes, puis réessayez.',
  'identity.user-disabled':
    'Ce compte a été désactivé. Communiquez avec le centre de design si vous croyez qu’il s’agit d’une erreur.',
  'identity.invalid-action-code': 'Ce lien ou ce code est expiré ou a déjà été utilisé. Demandez-en un nouveau.',
};
