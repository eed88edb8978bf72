import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { Translator } from '../../shared/i18n/translator';
import { currentTranslator, onLocaleChange } from './i18n';

const I18nContext = createContext<Translator | null>(null);

const noChange = () => () => {};

/**
 * Gives the tree a translator: `translator` as given (a page the server draws in a language),
 * else the browser's language in use, drawing the tree again when it changes.
 */
export function I18nProvider({
  translator,
  children,
}: {
  translator?: Translator;
  children: ReactNode;
}) {
  const inUse = useSyncExternalStore(
    translator ? noChange : onLocaleChange,
    translator ? () => translator : currentTranslator,
    translator ? () => translator : currentTranslator,
  );
  return <I18nContext.Provider value={inUse}>{children}</I18nContext.Provider>;
}

/**
 * The language in use: `_(id, values)` translates a catalog message, `locale` names it, `has`
 * tells whether an id made at run time exists. Outside the provider (a component test rendered
 * bare) the browser's language in use, English unless a test chose otherwise.
 */
export function useI18n(): Translator {
  return useContext(I18nContext) ?? currentTranslator();
}
