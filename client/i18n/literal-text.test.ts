import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalTexts } from './literal-text';

/**
 * Components not yet converted to the catalogs (issue 41): they still render English written in
 * the component. This list must only shrink: convert a file, then remove it here (the test
 * fails while a listed file has no literal text left, and for any file not listed that has).
 */
const NOT_YET_CONVERTED = new Set<string>([]);

// Vitest runs from the repository's root (happy-dom gives import.meta.url an http: address).
const root = process.cwd();
const components = globSync('client/**/*.tsx', { cwd: root })
  .filter((file) => !file.includes('.test.') && !file.startsWith('client/testing/'))
  .sort();

describe('text a person reads comes from a catalog', () => {
  it.each(components)('%s', (file) => {
    const found = literalTexts(file, readFileSync(path.join(root, file), 'utf8'));
    if (NOT_YET_CONVERTED.has(file))
      expect(found, 'converted: remove it from NOT_YET_CONVERTED').not.toEqual([]);
    else expect(found, 'render these through the catalogs (useI18n)').toEqual([]);
  });

  it('finds literal text in JSX and in the attributes people read', () => {
    const source =
      '<p title="Hi there" aria-label={x}>Sign in<b>{_("a")}</b> ✓ £0.99 <img alt="A photo" /></p>';
    expect(literalTexts('x.tsx', source)).toEqual(['title="Hi there"', 'Sign in', 'alt="A photo"']);
  });
});
