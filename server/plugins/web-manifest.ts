import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MessageId } from '../../shared/i18n/catalogs/en.js';
import { directionOf, htmlLangOf, LOCALES, type Locale } from '../../shared/i18n/locales.js';
import { translatorFor } from '../../shared/i18n/translators.js';

/**
 * The web app manifest per language (issue 41). English is the static file
 * (client/public/manifest.webmanifest), unchanged; every other language gets a manifest of its
 * own at a URL of its own, which the page the server draws in that language links. A URL per
 * language, rather than one URL answering by Accept-Language, keeps each answer the same for
 * every cache, the service worker's included; a language picked in the footer reaches the
 * manifest with the next page the server draws.
 */
export const manifestHref = (locale: Locale) =>
  locale === 'en' ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`;

type Shortcut = { name?: string; short_name?: string; url?: string };
type WebManifest = { shortcuts?: Shortcut[]; [field: string]: unknown };

/** A shortcut's words by its URL; a shortcut not listed keeps its English. */
const SHORTCUT_WORDS: Record<string, { name: MessageId; short: MessageId }> = {
  '/browse': { name: 'manifest.browse', short: 'manifest.browseShort' },
  '/my-offers': { name: 'manifest.myOffers', short: 'manifest.myOffers' },
  '/matches': { name: 'manifest.matches', short: 'manifest.matches' },
};

/** The English manifest in `locale`: its description, shortcuts, lang and direction. */
export function localizedManifest(english: WebManifest, locale: Locale): WebManifest {
  if (locale === 'en') return english;
  const t = translatorFor(locale);
  return {
    ...english,
    description: t._('manifest.description'),
    lang: htmlLangOf(locale),
    dir: directionOf(locale),
    shortcuts: english.shortcuts?.map((shortcut) => {
      const words = SHORTCUT_WORDS[shortcut.url ?? ''];
      return words
        ? { ...shortcut, name: t._(words.name), short_name: t._(words.short) }
        : shortcut;
    }),
  };
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page's head in `locale`: the manifest link names the language's manifest, and the meta
 * description (index.html's English, the manifest's words) is translated.
 */
export function withLocalizedHead(html: string, locale: Locale): string {
  if (locale === 'en') return html;
  const description = escapeAttribute(translatorFor(locale)._('manifest.description'));
  return html
    .replace(
      /(<link rel="manifest" href=")\/manifest\.webmanifest"/,
      (_all, start: string) => `${start}${manifestHref(locale)}"`,
    )
    .replace(
      /(<meta name="description" content=")[^"]*"/,
      (_all, start: string) => `${start}${description}"`,
    );
}

/** Serves every language's manifest but English's (the static file), made from the built one. */
export function registerLocalizedManifests(app: FastifyInstance, clientDir: string): void {
  const file = path.join(clientDir, 'manifest.webmanifest');
  if (!existsSync(file)) return;
  const english = JSON.parse(readFileSync(file, 'utf8')) as WebManifest;
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    const body = JSON.stringify(localizedManifest(english, locale));
    app.get(manifestHref(locale), { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(body),
    );
  }
}
