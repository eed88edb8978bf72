import type { Translator } from '../../../shared/i18n/translator.js';
import type { NotificationTopic } from '../../../shared/notifications.js';
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

function footer(t: Translator, site: Site, reason: string, stopLabel: string, pageUrl: string) {
  const settingsUrl = `${site.publicUrl}/settings/notifications`;
  const settings = t._('email.settings');
  return {
    text: `--\n${reason}\n${settings}: ${settingsUrl}\n${stopLabel}: ${pageUrl}\n`,
    html: `<hr><p style="color:#666;font-size:12px">${escapeHtml(reason)}<br><a href="${escapeHtml(settingsUrl)}">${escapeHtml(settings)}</a> · <a href="${escapeHtml(pageUrl)}">${escapeHtml(stopLabel)}</a></p>`,
  };
}

/**
 * One notification, sent at once, framed in the recipient's language (`t`: users.locale, else
 * English); the notification's own text was written in it when it was made (notify.ts).
 */
export function instantEmail(
  t: Translator,
  site: Site,
  to: { userId: string; email: string },
  notification: { text: string; link: string },
  topic: NotificationTopic,
): OutgoingEmail {
  const link = `${site.publicUrl}${notification.link}`;
  const { siteName } = site;
  const unsubscribe = unsubscribeParts(site, to.userId, topic);
  const foot = footer(
    t,
    site,
    t._('email.instantReason', { siteName, topic: t._(`email.topic.${topic}`) }),
    t._('email.stopTopic', { topic: t._(`email.topicInSentence.${topic}`) }),
    unsubscribe.pageUrl,
  );
  const seeIt = t._('email.seeIt', { siteName });
  return {
    to: to.email,
    subject: subjectOf(notification.text),
    text: `${notification.text}\n\n${seeIt}: ${link}\n\n${foot.text}`,
    html: `<p>${escapeHtml(notification.text)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(seeIt)}</a></p>${foot.html}`,
    link,
    headers: unsubscribe.headers,
  };
}

/** The day's notifications of the topics a member gets daily, in one email, in their language. */
export function digestEmail(
  t: Translator,
  site: Site,
  to: { userId: string; email: string },
  entries: ReadonlyArray<{ text: string; link: string }>,
): OutgoingEmail {
  const unsubscribe = unsubscribeParts(site, to.userId, 'digest');
  const { siteName } = site;
  const foot = footer(
    t,
    site,
    t._('email.digestReason', { siteName }),
    t._('email.digestStop'),
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
  const intro = t._('email.digestIntro', { siteName });
  const all = t._('email.digestAll');
  return {
    to: to.email,
    subject: t._('email.digestSubject', { siteName, count }),
    text: `${intro}\n\n${lines}\n\n${all}: ${notificationsUrl}\n\n${foot.text}`,
    html: `<p>${escapeHtml(intro)}</p><ul>${items}</ul><p><a href="${escapeHtml(notificationsUrl)}">${escapeHtml(all)}</a></p>${foot.html}`,
    link: notificationsUrl,
    headers: unsubscribe.headers,
  };
}
