import type { I18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { useContext } from 'react';
import { i18n } from './i18n';

type Translation = { i18n: I18n; _: I18n['_'] };

const outsideProvider: Translation = { i18n, _: i18n._.bind(i18n) };

/**
 * The translate function `_` of the language in use (Lingui's I18nProvider: a change of language
 * draws again). Outside the provider (a component test rendered bare) it speaks the browser's
 * one instance, English unless a test chose otherwise, instead of throwing as useLingui does.
 */
export function useI18n(): Translation {
  return useContext(LinguiContext) ?? outsideProvider;
}
