import type { Translator } from '../../../shared/i18n/translator.js';
import type { OutgoingEmail } from '../../infra/mailer.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkEmail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): OutgoingEmail {
  const text = `${intro}\n\n${action}:\n${link}\n\n${outro}\n`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`;
  return { to, subject, text, html, link };
}

/** In the language of `t`: the account's, else the request's (auth.service.ts emailLocale). */
export function verificationEmail(
  t: Translator,
  siteName: string,
  to: string,
  link: string,
): OutgoingEmail {
  return linkEmail(
    to,
    t._('email.verify.subject', { siteName }),
    t._('email.verify.intro', { siteName }),
    t._('email.verify.action'),
    link,
    t._('email.verify.outro'),
  );
}

export function passwordResetEmail(
  t: Translator,
  siteName: string,
  to: string,
  link: string,
): OutgoingEmail {
  return linkEmail(
    to,
    t._('email.reset.subject', { siteName }),
    t._('email.reset.intro', { siteName }),
    t._('email.reset.action'),
    link,
    t._('email.reset.outro'),
  );
}
