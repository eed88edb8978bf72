import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalTexts } from './literal-text';

// Vitest runs from the repository's root (happy-dom gives import.meta.url an http: address).
const root = process.cwd();
const components = globSync('client/**/*.tsx', { cwd: root })
  .filter((file) => !file.includes('.test.') && !file.startsWith('client/testing/'))
  .sort();

describe('text a person reads comes from a catalog', () => {
  it.each(components)('%s', (file) => {
    const found = literalTexts(file, readFileSync(path.join(root, file), 'utf8'));
    expect(found, 'render these through the catalogs (useI18n)').toEqual([]);
  });

  it('finds literal text in JSX and in the attributes people read', () => {
    const source =
      '<p title="Hi there" aria-label={x}>Sign in<b>{_("a")}</b> ✓ £0.99 <img alt="A photo" /></p>';
    expect(literalTexts('x.tsx', source)).toEqual(['title="Hi there"', 'Sign in', 'alt="A photo"']);
  });

  it('finds strings rendered from an expression: a condition’s branches, a fallback', () => {
    const source = `<div>
      {pending ? 'Loading...' : label}
      {failed && 'It failed'}
      {name ?? 'Someone'}
      <button aria-label={open ? 'Hide password' : _('x')} />
      <i className={on ? 'text-brand' : 'text-muted'} />
      {count > 1 ? '·' : null}
    </div>`;
    expect(literalTexts('x.tsx', source)).toEqual([
      'Loading...',
      'It failed',
      'Someone',
      'Hide password',
    ]);
  });
});
