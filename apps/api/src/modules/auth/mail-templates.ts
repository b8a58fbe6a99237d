import type { Locale } from '@lendo/shared';
import type { Mail } from '../../lib/mailer.ts';

const RESET_TEXT: Record<Locale, { subject: string; intro: string; action: string; outro: string }> = {
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function resetPasswordMail(to: string, locale: Locale, link: string): Mail {
  const t = RESET_TEXT[locale];
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}: ${link}\n\n${t.outro}\n`,
    html:
      `<p>${escapeHtml(t.intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>` +
      `<p>${escapeHtml(t.outro)}</p>`,
  };
}
