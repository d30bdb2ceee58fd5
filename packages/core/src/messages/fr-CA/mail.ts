import type { EN_MAIL } from '../en/mail.ts';

/** The portal's mails in Canadian French (see ../en/mail.ts). */
export const FR_CA_MAIL: Record<keyof typeof EN_MAIL, string> = {
  'mail.ignore': 'Si vous n’avez rien demandé, vous pouvez ignorer ce message.',
  'mail.or-open': 'Ou ouvrez cette adresse : {url}',
  'mail.personal-link': 'Ce lien est personnel : veuillez ne pas le transférer.',
  'mail.for-managers': 'Vous recevez ce message parce que vous gérez ce projet.',
  'mail.for-buyers': 'Vous recevez ce message parce que vous êtes acheteur de cette unité.',

  'mail.verify.subject': 'Confirmez votre adresse courriel pour {project}',
  'mail.verify.body':
    'Bienvenue ! Veuillez confirmer qu’il s’agit bien de votre adresse courriel, pour que nous puissions vous joindre au sujet de votre unité.',
  'mail.verify.action': 'Confirmer mon adresse courriel',
  'mail.reset.subject': 'Choisissez un nouveau mot de passe pour {project}',
  'mail.reset.body':
    'Quelqu’un a demandé la réinitialisation du mot de passe de ce compte. Le lien est valide pendant une heure.',
  'mail.reset.action': 'Choisir un nouveau mot de passe',
  'mail.code.subject': 'Votre code de connexion pour {project} : {code}',
  'mail.code.body': 'Entrez ce code sur la page de connexion. Il ne sert qu’une fois, pendant cinq minutes.',
  'mail.change-email.subject': 'Confirmez le changement de votre adresse courriel pour {project}',
  'mail.change-email.body':
    'Quelqu’un a demandé de remplacer l’adresse courriel de ce compte par {email}. Confirmez-le, et nous vérifierons ensuite la nouvelle adresse.',
  'mail.change-email.action': 'Confirmer le changement',
  'mail.existing.subject': 'Quelqu’un a tenté de créer un compte avec votre adresse pour {project}',
  'mail.existing.body':
    'Quelqu’un a demandé à créer un compte avec cette adresse courriel, mais vous en avez déjà un : rien n’a donc été changé.',
  'mail.existing.body-2':
    'Si c’était vous : connectez-vous, ou choisissez un nouveau mot de passe depuis la page de connexion si vous l’avez oublié.',
  'mail.existing.action': 'Se connecter',

  'mail.invite-manager.subject': 'Vous êtes invité à gérer le centre de design de {project}',
  'mail.invite-manager.body':
    'Vous êtes invité comme gestionnaire de {project} : le catalogue, les unités et leurs acheteurs, et chaque sélection à revoir et à approuver.',
  'mail.invite-manager.body-2':
    'Suivez le lien pour accéder au back-office ; vous choisirez votre mot de passe en chemin.',
  'mail.invite-manager.action': 'Ouvrir le back-office',
  'mail.invite-co-buyer.subject': '{inviter} vous invite à choisir les finitions de votre unité à {project}',
  'mail.invite-co-buyer.body': '{inviter} achète l’unité {unit} avec vous et vous invite à sa sélection de design.',
  'mail.invite-co-buyer.body-2':
    'Vous partagerez une seule sélection : vous voyez et modifiez tous deux les mêmes choix, parlez au centre de design dans une même conversation, et chacun de vous la signe.',
  'mail.invite-co-buyer.action': 'Ouvrir notre sélection',
  'mail.invite.subject': 'Vous êtes invité à choisir les finitions de votre unité à {project}',
  'mail.invite.body-unit':
    'Vos sélections de design pour l’unité {unit} sont ouvertes. Suivez le lien pour vous connecter et commencer vos choix.',
  'mail.invite.body': 'Vous avez reçu l’accès au portail de sélection. Suivez le lien pour vous connecter.',
  'mail.invite.action': 'Ouvrir le portail',

  'mail.reminder.subject':
    'Vos sélections pour l’unité {unit} sont attendues {days, plural, one {demain} other {dans # jours}}',
  'mail.reminder.body': 'La date limite des sélections de design de l’unité {unit} est le {deadline}.',
  'mail.reminder.body-2':
    'Votre sélection n’a pas encore été soumise. Après la date limite, elle est verrouillée, et les finitions standard sont installées pour tout ce qui reste à choisir.',
  'mail.reminder.action': 'Terminer mes sélections',

  'mail.submitted.subject': 'Unité {unit} : sélection soumise pour approbation',
  'mail.submitted.body':
    '{buyer} a signé et soumis la sélection de design de l’unité {unit}, pour un total des surclassements de {total}.',
  'mail.submitted.body-2': 'Elle attend votre approbation.',
  'mail.submitted.action': 'Revoir la sélection',

  'mail.receipt.subject':
    'Unité {unit} : {kind, select, payment {reçu} refund {reçu de remboursement} credit {note de crédit} other {reçu}} {number, number}',
  'mail.receipt.body':
    '{kind, select, payment {Nous avons reçu {amount} pour votre sélection de l’unité {unit}.} refund {Nous avons remboursé {amount} sur votre sélection de l’unité {unit}.} credit {Nous avons crédité {amount} à votre sélection de l’unité {unit}.} other {Une écriture de {amount} a été inscrite sur votre sélection de l’unité {unit}.}} Reste à payer : {balance}. Votre reçu est joint.',
  'mail.receipt.action': 'Voir vos paiements',
  'mail.receipt.footer': 'Conservez ce reçu avec vos documents d’achat.',
  'mail.payment-due.subject':
    'Unité {unit} : {what} de {amount} {overdue, select, yes {en retard depuis le {day}} other {dû le {day}}}',
  'mail.payment-due.body':
    '{overdue, select, yes {Le montant « {what} » de l’unité {unit}, {amount}, était dû le {day} et n’a pas encore été reçu.} other {Le montant « {what} » de l’unité {unit}, {amount}, est dû le {day}.}}',
  'mail.payment-due.body-2':
    'La page de votre sélection indique comment payer et ce que vous avez payé jusqu’ici. Si vous venez de payer, merci : vous pouvez ignorer ce message.',
  'mail.payment-due.action': 'Voir comment payer',
  'mail.signed.subject': 'Unité {unit} : votre sélection signée',
  'mail.signed.body':
    '{signer} a signé et soumis la sélection de design de l’unité {unit}, pour un total des surclassements de {total}. Le sommaire signé est joint à ce message.',
  'mail.signed.next':
    'La suite : le centre de design revoit votre sélection d’ici le {reviewBy} et vous écrit lorsqu’elle est approuvée, ou si quelque chose doit changer. D’ici là, elle ne peut pas être modifiée.',
  'mail.signed.questions': 'Des questions ? {contact}.',
  'mail.signed.design-centre': 'Le centre de design',
  'mail.signed.action': 'Voir votre sélection',
  'mail.signed.footer': 'Vous recevez ce message parce que vous avez signé cette sélection.',

  'mail.decision.wrote': '{name} a écrit : « {comment} »',
  'mail.approve.subject': 'Unité {unit} : votre sélection est approuvée',
  'mail.approve.body':
    '{by} a approuvé la sélection de design de l’unité {unit}, pour un total des surclassements de {total}.',
  'mail.approve.next': 'Vous n’avez plus rien à faire : le centre de design commande vos finitions.',
  'mail.approve.action': 'Voir votre sélection',
  'mail.return.subject': 'Unité {unit} : votre sélection doit être modifiée',
  'mail.return.body': '{by} vous a renvoyé la sélection de design de l’unité {unit}.',
  'mail.return.next': 'Apportez le changement, puis signez-la et soumettez-la de nouveau.',
  'mail.return.action': 'Ouvrir votre sélection',
  'mail.reopen.subject': 'Unité {unit} : votre sélection est ouverte pour un ordre de modification',
  'mail.reopen.body': '{by} a rouvert la sélection approuvée de l’unité {unit} pour qu’elle puisse être modifiée.',
  'mail.reopen.fee': 'Des frais d’ordre de modification de {fee} s’ajoutent à votre total.',
  'mail.reopen.next':
    'Apportez vos changements, puis signez-la et soumettez-la de nouveau : la sélection approuvée reste en vigueur d’ici là.',
  'mail.reopen.deadline': 'Signez-la de nouveau d’ici le {deadline}.',
  'mail.reopen.action': 'Ouvrir votre sélection',
  'mail.extend.subject': 'Unité {unit} : vous avez jusqu’au {deadline} pour choisir',
  'mail.extend.body': '{by} vous donne jusqu’au {deadline} pour terminer la sélection de design de l’unité {unit}.',
  'mail.extend.action': 'Continuer mes choix',

  'mail.webhook-disabled.subject': '{project} : un point de réception de webhooks a été désactivé',
  'mail.webhook-disabled.body':
    'Toutes les livraisons vers {endpoint} échouent depuis un jour ; le portail a cessé de lui en envoyer.',
  'mail.webhook-disabled.body-2':
    'Les événements manqués sont conservés trois jours : dès que le système récepteur répond de nouveau, réactivez le point de réception et ils seront livrés dans l’ordre.',
  'mail.webhook-disabled.action': 'Ouvrir les intégrations',
  'mail.webhook-disabled.footer': 'Vous recevez ce message comme gestionnaire du projet.',
  'mail.pairing-limit.subject': '{project} : trop de codes de jumelage d’écran erronés',
  'mail.pairing-limit.body':
    'Plus de 50 codes de jumelage erronés ont été tapés pour les écrans du bureau des ventes de {project} en 10 minutes. Les codes de {screens, plural, one {son # écran libre ont été tirés} other {ses # écrans libres ont été tirés}} de nouveau, et les codes tapés sont refusés pour le reste des 10 minutes ; balayer le code QR d’un écran fonctionne toujours.',
  'mail.pairing-limit.body-2':
    'Si personne au bureau des ventes n’avait de difficulté avec un code, quelqu’un essaie peut-être de deviner. Les écrans et leurs événements sont dans le back-office de la plateforme.',
  'mail.pairing-limit.action': 'Ouvrir les écrans',
  'mail.pairing-limit.footer': 'Vous recevez ce message comme administrateur du portail.',

  'mail.look.subject': 'Le style que vous avez composé à {project}',
  'mail.look.body': 'Voici le style que vous avez composé sur l’écran de notre bureau des ventes :',
  'mail.look.body-2': 'Notre centre de design peut vous aider à le faire vôtre.',
  'mail.look.action': 'Écrire au centre de design',
  'mail.look.footer':
    'Vous recevez ce message une seule fois, parce que vous l’avez demandé sur l’écran. Notre équipe des ventes a aussi reçu votre adresse et ce look, pour répondre à vos questions ; nous ne vous envoyons aucune infolettre.',

  'mail.lead.subject': 'Nouveau prospect : {person}',
  'mail.lead.subject-returning': 'Prospect de retour : {person} a écrit de nouveau',
  'mail.lead.body': '{person} s’informe au sujet d’une unité.',
  'mail.lead.body-returning':
    '{person} s’informe de nouveau au sujet d’une unité (sa première demande date des 30 derniers jours).',
  'mail.lead.message': 'Son message : « {message} »',
  'mail.lead.action': 'Ouvrir le prospect',
  'mail.lead.interest': 'Intéressé par : {value}',
  'mail.lead.budget': 'Budget : {value}',
  'mail.lead.timeline': 'Échéancier : {value}',
  'mail.lead.agent': 'Travaille avec un courtier : {agent, select, yes {oui} other {non}}',
  'mail.lead.contact': 'Préfère être joint par {by, select, phone {téléphone ({value})} other {courriel ({value})}}',
  'mail.lead.campaign': 'Campagne : {value}',
  'mail.lead.code': 'Code : {value}',
  'mail.digest.subject':
    '{count, plural, one {# nouveau message} other {# nouveaux messages}} au sujet {units, plural, one {de votre propriété} other {de # propriétés}}',
  'mail.digest.body': 'Vous avez des messages que vous n’avez pas encore lus :',
  'mail.digest.line': 'Unité {unit}, {author} : « {excerpt} »',
  'mail.digest.more': '…et {count, plural, one {# autre message} other {# autres messages}}.',
  'mail.digest.action': 'Lire et répondre',
  'mail.digest.footer':
    'Vous recevez au plus un de ces courriels par heure. Pour ne plus les recevoir, désactivez « M’envoyer un courriel pour les messages non lus » sur la page de votre compte : {url}',
  'mail.reminder-passed.subject': 'L’échéance de l’unité {unit} est passée',
  'mail.reminder-passed.body':
    'L’échéance des sélections de design de l’unité {unit} était le {deadline}, et votre sélection n’a pas été soumise. Elle est maintenant verrouillée : les finitions standard seront installées pour tout ce qui reste à choisir.',
  'mail.reminder-passed.body-2':
    'Si vous avez besoin de plus de temps, demandez au centre de design : il peut la prolonger.',
  'mail.reminder-passed.action': 'Voir ma sélection',
  'mail.resign.subject': 'Unité {unit} : signez de nouveau votre sélection',
  'mail.resign.body':
    'La sélection de l’unité {unit} a changé après avoir été signée. Tous les acheteurs de la propriété la signent : les signatures déjà données ont donc été mises de côté, et chaque acheteur signe la sélection telle qu’elle est maintenant.',
  'mail.resign.action': 'Revoir et signer',
  'mail.appointment.subject':
    '{kind, select, booked {Confirmé : {type}, {when}} moved {Déplacé : {type}, maintenant le {when}} cancelled {Annulé : {type}, {when}} day {Demain : {type}, {when}} soon {Bientôt : {type}, {when}} other {{type}, {when}}}',
  'mail.appointment.body':
    '{kind, select, booked {Votre {type} au centre de design est fixé au {when}.} moved {Votre {type} au centre de design a été déplacé au {when}.} cancelled {Votre {type} au centre de design du {when} est annulé.} day {Rappel : votre {type} au centre de design a lieu demain, le {when}.} soon {Rappel : votre {type} au centre de design commence le {when}.} other {Votre {type} au centre de design : {when}.}}',
  'mail.appointment.staff-body':
    '{kind, select, booked {{type} fixé pour l’unité {unit} : {when}.} moved {{type} de l’unité {unit} déplacé au {when}.} cancelled {{type} de l’unité {unit} du {when} annulé.} day {Demain : {type} avec l’unité {unit}, {when}.} soon {Bientôt : {type} avec l’unité {unit}, {when}.} other {{type} avec l’unité {unit} : {when}.}}',
  'mail.appointment.with': 'Avec {consultant}, pour l’unité {unit}. Invités : {people}.',
  'mail.appointment.place': 'Lieu : {place}',
  'mail.appointment.video': 'Par vidéo : {url}',
  'mail.appointment.prepare':
    'Votre conseiller commence la rencontre avec vos choix faits jusqu’ici : plus vous aurez choisi, plus il restera de temps pour le reste.',
  'mail.appointment.calendar':
    'L’invitation jointe l’ajoute à votre calendrier ; un changement ou une annulation le met à jour.',
  'mail.appointment.action': 'Voir votre rendez-vous',
  'mail.appointment.staff-action': 'Ouvrir la sélection',
  'mail.appointment.staff-footer': 'Vous recevez ce message parce que vous êtes le conseiller de ce rendez-vous.',
};
