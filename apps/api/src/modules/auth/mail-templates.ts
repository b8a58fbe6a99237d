import { EMAIL_CHANGE_TTL_HOURS, type Locale } from '@lendo/shared';
import type { Mail } from '../../lib/mailer.ts';

export interface MailText {
  subject: string;
  intro: string;
  /** The text of the link, for mails that carry one. */
  action?: string;
  outro: string;
}

const RESET_TEXT: Record<Locale, MailText> = {
  pt: {
    subject: 'Redefina sua senha do Lendo',
    intro: 'Recebemos um pedido para redefinir a senha da sua conta no Lendo.',
    action: 'Criar nova senha',
    outro: 'O link vale por 1 hora e só pode ser usado uma vez. Se você não pediu, ignore este e-mail.',
  },
  en: {
    subject: 'Reset your Lendo password',
    intro: 'We received a request to reset the password of your Lendo account.',
    action: 'Choose a new password',
    outro: 'The link is valid for 1 hour and works only once. If you did not ask for it, ignore this email.',
  },
  es: {
    subject: 'Restablece tu contraseña de Lendo',
    intro: 'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Lendo.',
    action: 'Crear una nueva contraseña',
    outro:
      'El enlace es válido durante 1 hora y solo se puede usar una vez. Si no lo pediste, ignora este correo.',
  },
};

const hours = EMAIL_CHANGE_TTL_HOURS;

/** To the new address: the link that makes it the account's email. */
const CONFIRM_EMAIL_TEXT: Record<Locale, MailText> = {
  pt: {
    subject: 'Confirme seu novo e-mail no Lendo',
    intro: 'Você pediu para usar este endereço na sua conta do Lendo.',
    action: 'Confirmar e-mail',
    outro: `O link vale por ${hours} horas e só pode ser usado uma vez. Se você não pediu, ignore este e-mail.`,
  },
  en: {
    subject: 'Confirm your new Lendo email',
    intro: 'You asked to use this address for your Lendo account.',
    action: 'Confirm email',
    outro: `The link is valid for ${hours} hours and works only once. If you did not ask for it, ignore this email.`,
  },
  es: {
    subject: 'Confirma tu nuevo correo en Lendo',
    intro: 'Pediste usar esta dirección en tu cuenta de Lendo.',
    action: 'Confirmar correo',
    outro: `El enlace es válido durante ${hours} horas y solo se puede usar una vez. Si no lo pediste, ignora este correo.`,
  },
};

/** To a new account's address: the link that verifies it. */
const VERIFY_EMAIL_TEXT: Record<Locale, MailText> = {
  pt: {
    subject: 'Confirme seu e-mail no Lendo',
    intro: 'Boas-vindas ao Lendo! Confirme que este endereço é seu para proteger a sua conta.',
    action: 'Confirmar e-mail',
    outro: `O link vale por ${hours} horas e só pode ser usado uma vez. Se você não criou uma conta, ignore este e-mail.`,
  },
  en: {
    subject: 'Confirm your Lendo email',
    intro: 'Welcome to Lendo! Confirm that this address is yours to keep your account safe.',
    action: 'Confirm email',
    outro: `The link is valid for ${hours} hours and works only once. If you did not create an account, ignore this email.`,
  },
  es: {
    subject: 'Confirma tu correo en Lendo',
    intro: '¡Te damos la bienvenida a Lendo! Confirma que esta dirección es tuya para proteger tu cuenta.',
    action: 'Confirmar correo',
    outro: `El enlace es válido durante ${hours} horas y solo se puede usar una vez. Si no creaste una cuenta, ignora este correo.`,
  },
};

/** To the owner once their password changed. */
const PASSWORD_CHANGED_TEXT: Record<Locale, MailText> = {
  pt: {
    subject: 'A senha da sua conta no Lendo mudou',
    intro: 'A senha da sua conta no Lendo acabou de ser trocada, e todas as outras sessões foram encerradas.',
    outro:
      'Se não foi você, redefina a senha agora pela página de entrada e fale conosco respondendo a este e-mail.',
  },
  en: {
    subject: 'Your Lendo password has changed',
    intro: 'The password of your Lendo account was just changed, and every other session was signed out.',
    outro:
      'If it was not you, reset your password now from the sign-in page and contact us by replying to this email.',
  },
  es: {
    subject: 'La contraseña de tu cuenta de Lendo cambió',
    intro: 'La contraseña de tu cuenta de Lendo se acaba de cambiar y se cerraron todas las demás sesiones.',
    outro:
      'Si no fuiste tú, restablece tu contraseña ahora desde la página de inicio de sesión y contáctanos respondiendo a este correo.',
  },
};

/** To the old address when a change is asked for; `{email}` is the new address. */
const CHANGE_REQUESTED_TEXT: Record<Locale, MailText> = {
  pt: {
    subject: 'Pedido de troca de e-mail no Lendo',
    intro:
      'Pediram para trocar o e-mail da sua conta no Lendo para {email}. A troca só acontece quando o link enviado a esse endereço for aberto.',
    outro: 'Se não foi você, troque sua senha agora.',
  },
  en: {
    subject: 'Email change requested on Lendo',
    intro:
      'Someone asked to change the email of your Lendo account to {email}. The change happens only once the link sent to that address is opened.',
    outro: 'If it was not you, change your password now.',
  },
  es: {
    subject: 'Solicitud de cambio de correo en Lendo',
    intro:
      'Se pidió cambiar el correo de tu cuenta de Lendo a {email}. El cambio solo se hace cuando se abra el enlace enviado a esa dirección.',
    outro: 'Si no fuiste tú, cambia tu contraseña ahora.',
  },
};

/** To the old address once the change is made; `{email}` is the new address. */
const CHANGED_TEXT: Record<Locale, MailText> = {
  pt: {
    subject: 'O e-mail da sua conta no Lendo mudou',
    intro: 'O e-mail da sua conta no Lendo agora é {email}. Este endereço não será mais usado.',
    outro: 'Se não foi você, fale conosco respondendo a este e-mail.',
  },
  en: {
    subject: 'Your Lendo email has changed',
    intro: 'The email of your Lendo account is now {email}. This address will no longer be used.',
    outro: 'If it was not you, contact us by replying to this email.',
  },
  es: {
    subject: 'El correo de tu cuenta de Lendo cambió',
    intro: 'El correo de tu cuenta de Lendo ahora es {email}. Esta dirección ya no se usará.',
    outro: 'Si no fuiste tú, contáctanos respondiendo a este correo.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail in plain text and HTML: the intro, the link when there is one, the outro. */
export function compose(
  to: string,
  t: MailText,
  { link, email = '' }: { link?: string; email?: string },
): Mail {
  const intro = t.intro.replace('{email}', email);
  const action = t.action && link ? { text: t.action, link } : null;
  return {
    to,
    subject: t.subject,
    text: [intro, action && `${action.text}: ${action.link}`, t.outro].filter(Boolean).join('\n\n') + '\n',
    html:
      `<p>${escapeHtml(intro)}</p>` +
      (action ? `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.text)}</a></p>` : '') +
      `<p>${escapeHtml(t.outro)}</p>`,
  };
}

export const resetPasswordMail = (to: string, locale: Locale, link: string) =>
  compose(to, RESET_TEXT[locale], { link });

export const confirmEmailMail = (to: string, locale: Locale, link: string) =>
  compose(to, CONFIRM_EMAIL_TEXT[locale], { link });

export const emailChangeRequestedMail = (to: string, locale: Locale, newEmail: string) =>
  compose(to, CHANGE_REQUESTED_TEXT[locale], { email: newEmail });

export const emailChangedMail = (to: string, locale: Locale, newEmail: string) =>
  compose(to, CHANGED_TEXT[locale], { email: newEmail });

export const verifyEmailMail = (to: string, locale: Locale, link: string) =>
  compose(to, VERIFY_EMAIL_TEXT[locale], { link });

export const passwordChangedMail = (to: string, locale: Locale) =>
  compose(to, PASSWORD_CHANGED_TEXT[locale], {});
