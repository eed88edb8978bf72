import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../../shared/notifications.js';
import type { OutgoingEmail } from '../../infra/mailer.js';
import { type UnsubscribeScope, unsubscribeToken } from './unsubscribe-token.js';

type Site = { siteName: string; publicUrl: string; secret: string };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Subject lines stay on one line and short; notification texts are plain words already. */
const subjectOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 120 ? line : `${line.slice(0, 119).trimEnd()}…`;
};

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` to the
 * header's https URL; the body's link opens a confirmation page. Both carry the signed token.
 */
function unsubscribeParts(site: Site, userId: string, scope: UnsubscribeScope) {
  const token = unsubscribeToken(site.secret, userId, scope);
  const query = `token=${encodeURIComponent(token)}`;
  return {
    pageUrl: `${site.publicUrl}/unsubscribe?${query}`,
    headers: {
      'List-Unsubscribe': `<${site.publicUrl}/api/notifications/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function footer(site: Site, reason: string, stopLabel: string, pageUrl: string) {
  const settingsUrl = `${site.publicUrl}/settings/notifications`;
  return {
    text: `--\n${reason}\nChoose what we email you: ${settingsUrl}\n${stopLabel}: ${pageUrl}\n`,
    html: `<hr><p style="color:#666;font-size:12px">${escapeHtml(reason)}<br><a href="${escapeHtml(settingsUrl)}">Choose what we email you</a> · <a href="${escapeHtml(pageUrl)}">${escapeHtml(stopLabel)}</a></p>`,
  };
}

/** One notification, sent at once. */
export function instantEmail(
  site: Site,
  to: { userId: string; email: string },
  notification: { text: string; link: string },
  topic: NotificationTopic,
): OutgoingEmail {
  const link = `${site.publicUrl}${notification.link}`;
  const label = NOTIFICATION_TOPICS[topic].label;
  const unsubscribe = unsubscribeParts(site, to.userId, topic);
  const foot = footer(
    site,
    `You get this email because your ${site.siteName} settings send "${label}" straight away.`,
    `Stop emails about ${label.toLowerCase()}`,
    unsubscribe.pageUrl,
  );
  return {
    to: to.email,
    subject: subjectOf(notification.text),
    text: `${notification.text}\n\nSee it on ${site.siteName}: ${link}\n\n${foot.text}`,
    html: `<p>${escapeHtml(notification.text)}</p><p><a href="${escapeHtml(link)}">See it on ${escapeHtml(site.siteName)}</a></p>${foot.html}`,
    link,
    headers: unsubscribe.headers,
  };
}

/** The day's notifications of the topics a member gets daily, in one email. */
export function digestEmail(
  site: Site,
  to: { userId: string; email: string },
  entries: ReadonlyArray<{ text: string; link: string }>,
): OutgoingEmail {
  const unsubscribe = unsubscribeParts(site, to.userId, 'digest');
  const foot = footer(
    site,
    `You get this digest because your ${site.siteName} settings send some updates once a day.`,
    'Stop the daily digest',
    unsubscribe.pageUrl,
  );
  const count = entries.length;
  const lines = entries.map((e) => `- ${e.text}\n  ${site.publicUrl}${e.link}`).join('\n');
  const items = entries
    .map(
      (e) =>
        `<li><a href="${escapeHtml(`${site.publicUrl}${e.link}`)}">${escapeHtml(e.text)}</a></li>`,
    )
    .join('');
  const notificationsUrl = `${site.publicUrl}/notifications`;
  return {
    to: to.email,
    subject: `Your ${site.siteName} digest: ${count} update${count === 1 ? '' : 's'}`,
    text: `Here is what happened on ${site.siteName} since your last digest:\n\n${lines}\n\nAll your notifications: ${notificationsUrl}\n\n${foot.text}`,
    html: `<p>Here is what happened on ${escapeHtml(site.siteName)} since your last digest:</p><ul>${items}</ul><p><a href="${escapeHtml(notificationsUrl)}">All your notifications</a></p>${foot.html}`,
    link: notificationsUrl,
    headers: unsubscribe.headers,
  };
}
