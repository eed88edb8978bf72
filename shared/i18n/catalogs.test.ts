import { globSync, readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import {
  areasFile,
  areasModule,
  catalogParts,
  compiledCatalogFile,
  compiledCatalogModule,
  isServerOnly,
  localePartsFile,
  localePartsModule,
  PARTS_FILE,
  partsModule,
  SCREEN_AREA_NAMES,
} from '../../scripts/i18n/compile-catalog.js';
import { AREAS } from './catalogs/areas/index.js';
import { SOURCE_CATALOGS } from './catalogs/index.js';
import { LOCALES } from './locales.js';
import { translatorFor } from './translators.js';

const english = SOURCE_CATALOGS.en;
/**
 * The arguments a message uses ({siteName}, {count, plural, …}), sorted: read from Lingui's
 * compiled form, so that a select's one-word branch ({status, select, pending {Pending} …}) is
 * not taken for an argument, as a pattern over the text would.
 */
const argumentsOf = (message: string) => {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , cases] = token as [string, string?, unknown?];
      names.add(name);
      if (cases && typeof cases === 'object')
        for (const branch of Object.values(cases)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
};

describe.each(LOCALES)('the %s catalog', (locale) => {
  const catalog = SOURCE_CATALOGS[locale];

  it('has every message of the English source, and no other', () => {
    const missing = Object.keys(english).filter((id) => !(id in catalog));
    const unknown = Object.keys(catalog).filter((id) => !(id in english));
    expect(missing).toEqual([]);
    expect(unknown).toEqual([]);
    for (const [id, message] of Object.entries(catalog))
      expect(message.trim(), `${locale} ${id} is empty`).not.toBe('');
  });

  it('uses the same arguments as the English message', () => {
    for (const [id, message] of Object.entries(catalog))
      expect(argumentsOf(message), `${locale} ${id}`).toEqual(
        argumentsOf(english[id as keyof typeof english]),
      );
  });

  it.each(catalogParts(locale))(
    'is compiled as it is written (%s; npm run i18n:compile)',
    (part) => {
      const file = readFileSync(compiledCatalogFile(locale, part), 'utf8');
      expect(file).toBe(compiledCatalogModule(locale, part));
    },
  );
});

it.each(LOCALES)('gives the server every area of %s (npm run i18n:compile)', (locale) => {
  expect(readFileSync(areasFile(locale), 'utf8')).toBe(areasModule(locale));
});

it("tells the browser where each language's parts are (npm run i18n:compile)", () => {
  expect(readFileSync(PARTS_FILE, 'utf8')).toBe(partsModule(LOCALES));
  for (const locale of LOCALES.filter((other) => other !== 'en'))
    expect(readFileSync(localePartsFile(locale), 'utf8')).toBe(localePartsModule(locale));
});

it("brings each area's English to the browser with a screen that imports it", () => {
  const sources = globSync('client/**/*.tsx', { exclude: (file) => file.endsWith('.test.tsx') })
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const name of SCREEN_AREA_NAMES)
    expect(sources, `no screen imports compiled/en.${name}`).toContain(`compiled/en.${name}'`);
});

/** The ids a compiled part holds, read back from its module's text. */
const idsOf = (file: string) => {
  const json = /JSON\.parse\((".*")\);/.exec(readFileSync(file, 'utf8'))?.[1] ?? '"{}"';
  return Object.keys(JSON.parse(JSON.parse(json)));
};

describe("the server's own texts", () => {
  it("are an area of their own or a screen's, never both", () => {
    for (const [name, area] of Object.entries(AREAS)) {
      const ids = Object.keys(area.en);
      const serverOnly = ids.filter(isServerOnly);
      expect([0, ids.length], `area ${name} mixes server-only ids with a screen's`).toContain(
        serverOnly.length,
      );
    }
  });

  it.each(LOCALES)('never reach a part the browser loads (%s)', (locale) => {
    const serverIds = Object.keys(english).filter(isServerOnly);
    expect(serverIds).toContain('email.verify.subject');
    expect(serverIds).toContain('notify.offerReceived');
    expect(serverIds).toContain('manifest.description');
    for (const part of catalogParts(locale)) {
      const ids = idsOf(compiledCatalogFile(locale, part));
      if (part === 'api') expect(ids).toEqual(expect.arrayContaining(serverIds));
      else expect(ids.filter(isServerOnly), `${locale} ${part}`).toEqual([]);
    }
  });
});

describe('plurals', () => {
  it.each([
    ['en', 1, '1 listing'],
    ['en', 3, '3 listings'],
    ['pt-BR', 2, '2 anúncios'],
    ['pt-BR', 1, '1 anúncio'],
    ['de', 1, '1 Anzeige'],
    ['de', 2, '2 Anzeigen'],
    ['ar', 0, 'لا إعلانات'],
    ['ar', 1, 'إعلان واحد'],
    ['ar', 2, 'إعلانان'],
    ['ar', 3, '3 إعلانات'],
    ['ar', 11, '11 إعلانًا'],
    ['ar', 100, '100 إعلان'],
  ] as const)('%s, %i: %s', (locale, count, text) => {
    expect(translatorFor(locale)._('count.listings', { count })).toBe(text);
  });

  it('fills arguments', () => {
    expect(translatorFor('de')._('home.trustHeading', { siteName: 'Tauschbörse' })).toBe(
      'Darum kannst du Tauschbörse vertrauen',
    );
  });
});
