import { describe, expect, it } from 'vitest';
import { isDrawnPage } from './drawn-page';

const rootWith = (prerendered: string | undefined, html: string) => {
  const root = document.createElement('div');
  if (prerendered !== undefined) root.dataset.prerendered = prerendered;
  root.innerHTML = html;
  return root;
};
const at = (pathname: string, search = '') => ({ pathname, search });

describe('isDrawnPage', () => {
  it('takes over only the HTML drawn for this bare path', () => {
    expect(isDrawnPage(rootWith('/item/7', '<main></main>'), at('/item/7'))).toBe(true);
    expect(isDrawnPage(rootWith('/', '<main></main>'), at('/item/7'))).toBe(false);
    expect(isDrawnPage(rootWith('/browse', '<main></main>'), at('/browse', '?q=1'))).toBe(false);
    expect(isDrawnPage(rootWith('/browse', ''), at('/browse'))).toBe(false);
    expect(isDrawnPage(rootWith(undefined, '<main></main>'), at('/'))).toBe(false);
    expect(isDrawnPage(null, at('/'))).toBe(false);
  });
});
