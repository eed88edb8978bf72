import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { messages as ar } from './compiled/ar.js';
import { messages as de } from './compiled/de.js';
import { messages as en } from './compiled/en.js';
import { messages as ptBR } from './compiled/pt-BR.js';
import { LOCALES, type Locale } from './locales.js';

const COMPILED: Record<Locale, Messages> = { en, 'pt-BR': ptBR, de, ar };

/**
 * One Lingui instance per language with its catalog loaded, for code that may speak any of
 * them in one process: the server (API messages) and the pages it draws (prerender.tsx). The
 * browser loads only its own language instead (client/lib/i18n.ts).
 */
const instances = new Map<Locale, I18n>();

export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: COMPILED[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

export const ALL_LOCALES = LOCALES;
