import { messages as arApi } from './compiled/ar.api.js';
import { messages as ar } from './compiled/ar.js';
import { messages as deApi } from './compiled/de.api.js';
import { messages as de } from './compiled/de.js';
import { messages as enApi } from './compiled/en.api.js';
import { messages as enAreas } from './compiled/en.areas.js';
import { messages as enAuth } from './compiled/en.auth.js';
import { messages as enHome } from './compiled/en.home.js';
import { messages as en } from './compiled/en.js';
import { messages as ptBRApi } from './compiled/pt-BR.api.js';
import { messages as ptBR } from './compiled/pt-BR.js';
import type { Locale } from './locales.js';
import { type CompiledCatalog, createTranslator, type Translator } from './translator.js';

const COMPILED: Record<Locale, CompiledCatalog> = {
  en: { ...en, ...enHome, ...enAuth, ...enAreas, ...enApi },
  'pt-BR': { ...ptBR, ...ptBRApi },
  de: { ...de, ...deApi },
  ar: { ...ar, ...arApi },
};

/**
 * A translator per language with its whole catalog, for code that may speak any of them in one
 * process: the server (API messages) and the pages it draws (prerender.tsx). The browser loads
 * only its own language instead (client/lib/i18n.ts).
 */
const translators = new Map<Locale, Translator>();

export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, COMPILED[locale]);
    translators.set(locale, translator);
  }
  return translator;
}
