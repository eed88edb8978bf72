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

export function verificationEmail(siteName: string, to: string, link: string): OutgoingEmail {
  return linkEmail(
    to,
    `Confirm your email address for ${siteName}`,
    `Welcome to ${siteName}! Please confirm that this is your email address so other members can see you are verified.`,
    'Confirm your email address',
    link,
    'The link works for 7 days. If you did not create an account, you can ignore this email.',
  );
}

export function passwordResetEmail(siteName: string, to: string, link: string): OutgoingEmail {
  return linkEmail(
    to,
    `Reset your ${siteName} password`,
    `Someone asked to reset the password of your ${siteName} account.`,
    'Choose a new password',
    link,
    'The link works once, for 1 hour. If it was not you, ignore this email: your password stays as it is.',
  );
}
