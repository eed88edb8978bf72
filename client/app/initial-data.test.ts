import { describe, expect, it } from 'vitest';
import { itemKey } from '../features/items/api/items';
import { createQueryClient } from '../lib/query-client';
import { seedInitialData } from './initial-data';

const page = (path: string, script: string) => {
  const doc = document.implementation.createHTMLDocument('item');
  doc.head.innerHTML = script;
  Object.defineProperty(doc, 'location', { value: new URL(`http://localhost${path}`) });
  return doc;
};
const block = (id: string, json: string) =>
  `<script type="application/json" id="initial-item" data-id="${id}">${json}</script>`;

describe('seedInitialData', () => {
  it('puts the item the server inlined into the query cache, once, with < unescaped', () => {
    const doc = page('/item/7', block('7', '{"id":7,"title":"\\u003c/script> stove"}'));
    const client = seedInitialData(createQueryClient(), doc);
    expect(client.getQueryData(itemKey(7))).toEqual({ id: 7, title: '</script> stove' });
    expect(doc.getElementById('initial-item')).toBeNull();
  });

  it('ignores data written for another page, another item, or unreadable', () => {
    for (const doc of [
      page('/item/8', block('7', '{"id":7}')),
      page('/item/7', block('7', '{"id":8}')),
      page('/item/7', block('7', '{"id":7')),
      page('/browse', block('7', '{"id":7}')),
    ]) {
      const client = seedInitialData(createQueryClient(), doc);
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    }
  });
});
