import { directionOf, htmlLangOf, type Locale } from '../../../shared/i18n/locales.js';
import { translatorFor } from '../../../shared/i18n/translators.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What GET /api/logout shows to a request that did not come from our own pages: a button that
 * posts the sign-out. No script (the CSP forbids inline ones, and none is needed): a form with
 * no fields posts an empty body, which the cross-site guard lets through only from our origin.
 * In the visitor's language (the footer's cookie, which follows the account, else
 * Accept-Language); English keeps `lang="en"` as it always had.
 */
export function logoutPage(siteName: string, locale: Locale = 'en'): string {
  const t = translatorFor(locale);
  const words = (id: Parameters<typeof t._>[0]) => escapeHtml(t._(id, { siteName }));
  const language =
    locale === 'en' ? 'lang="en"' : `lang="${htmlLangOf(locale)}" dir="${directionOf(locale)}"`;
  return `<!doctype html>
<html ${language}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${words('serverPage.logout.title')}</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; color: #1c1917">
<h1 style="font-size: 1.5rem">${words('serverPage.logout.heading')}</h1>
<p>${words('serverPage.logout.body')}</p>
<form method="post" action="/api/logout">
<button type="submit" style="font-size: 1rem; padding: 0.6rem 1.2rem; border-radius: 0.75rem; border: 0; background: #15803d; color: white; cursor: pointer">${words('serverPage.logout.button')}</button>
<a href="/" style="margin-left: 1rem; color: #15803d">${words('serverPage.logout.back')}</a>
</form>
</body>
</html>
`;
}
