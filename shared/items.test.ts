import { describe, expect, it } from 'vitest';
import { createItemSchema, findBannedWord, itemsQuerySchema, updateItemSchema } from './items.js';

const valid = { title: 'Road bike', description: 'Blue, 54 cm frame', condition: 'good' };

describe('findBannedWord', () => {
  it('matches whole words, case-insensitive (decision 012)', () => {
    expect(findBannedWord('A GUN holster')).toBe('gun');
    expect(findBannedWord('Replica watch')).toBe('replica');
    expect(findBannedWord('Leather chair')).toBeUndefined();
    expect(findBannedWord('Wooden table')).toBeUndefined();
  });
});

describe('createItemSchema', () => {
  it('requires a title and a description with the spec messages', () => {
    const result = createItemSchema.safeParse({ ...valid, title: '  ', description: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain('Title is required');
    expect(messages).toContain('Description is required');
  });

  it('accepts a number or null category and defaults the rest', () => {
    const parsed = createItemSchema.parse({ ...valid, categoryId: null });
    expect(parsed).toMatchObject({
      categoryId: null,
      images: [],
      isOpenToOffers: false,
      wantedItems: null,
    });
    expect(createItemSchema.safeParse({ ...valid, categoryId: '2' }).success).toBe(false);
  });

  it('refuses a sixth image and an unknown condition', () => {
    const six = createItemSchema.safeParse({ ...valid, images: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(six.error?.issues[0]?.message).toBe('Maximum 5 images allowed');
    expect(createItemSchema.safeParse({ ...valid, condition: 'mint' }).success).toBe(false);
  });
});

describe('updateItemSchema', () => {
  it("takes the category as a string and refuses an empty one with 'Please select a category'", () => {
    expect(updateItemSchema.parse({ ...valid, categoryId: '4' }).categoryId).toBe(4);
    expect(updateItemSchema.safeParse({ ...valid, categoryId: '' }).error?.issues[0]?.message).toBe(
      'Please select a category',
    );
  });
});

describe('itemsQuerySchema', () => {
  it('treats blank terms as no filter and bounds the page size', () => {
    expect(itemsQuerySchema.parse({ search: '   ', categoryId: '' })).toMatchObject({
      search: undefined,
      categoryId: undefined,
      limit: 24,
      offset: 0,
    });
    expect(itemsQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(itemsQuerySchema.safeParse({ categoryId: 'abc' }).success).toBe(false);
  });
});
