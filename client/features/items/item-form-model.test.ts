import { describe, expect, it } from 'vitest';
import { createItemSchema, type Item, updateItemSchema } from '../../../shared/items';
import {
  EMPTY_ITEM_FORM,
  type ItemFormValues,
  itemToFormValues,
  toCreatePayload,
  toUpdatePayload,
} from './item-form-model';
import { itemFormSchema } from './item-form-schema';

const item: Item = {
  id: 7,
  title: 'Camping stove',
  description: 'Two burners.',
  categoryId: 6,
  category: { id: 6, name: 'Sports' },
  condition: 'good',
  images: ['/api/images/a', '/api/images/b'],
  userId: 'u1',
  user: {
    id: 'u1',
    nickname: 'ada',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    isMember: false,
    averageRating: 0,
    totalRatings: 0,
  },
  wantedItems: 'A tent',
  estimatedValue: '£40',
  isOpenToOffers: false,
  mode: 'swap',
  fairChanceHours: null,
  requestsOpenUntil: null,
  location: 'York',
  area: null,
  isActive: true,
  isReserved: false,
  origin: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
};

const filled: ItemFormValues = {
  title: '  Camping stove ',
  description: ' Two burners.\n',
  categoryId: '6',
  condition: 'good',
  location: 'York',
  estimatedValue: '£40',
  isOpenToOffers: false,
  wantedItems: 'A tent',
  images: ['data:image/jpeg;base64,AAAA'],
  mode: 'swap',
  fairChanceHours: '12',
};

describe('the listing form model', () => {
  it('starts empty, with nothing chosen and not open to offers', () => {
    expect(EMPTY_ITEM_FORM).toEqual({
      title: '',
      description: '',
      categoryId: '',
      condition: '',
      location: '',
      estimatedValue: '',
      isOpenToOffers: false,
      wantedItems: '',
      images: [],
      mode: 'swap',
      fairChanceHours: '12',
    });
    expect(itemFormSchema.safeParse(EMPTY_ITEM_FORM).success).toBe(false);
  });

  it('fills the form from an item, with empty text for missing fields', () => {
    expect(itemToFormValues(item)).toEqual({
      title: 'Camping stove',
      description: 'Two burners.',
      categoryId: '6',
      condition: 'good',
      location: 'York',
      estimatedValue: '£40',
      isOpenToOffers: false,
      wantedItems: 'A tent',
      images: ['/api/images/a', '/api/images/b'],
      mode: 'swap',
      fairChanceHours: '12',
    });
    const sparse = itemToFormValues({
      ...item,
      categoryId: null,
      location: null,
      estimatedValue: null,
      wantedItems: null,
    });
    expect(sparse).toMatchObject({
      categoryId: '',
      location: '',
      estimatedValue: '',
      wantedItems: '',
    });
    expect(itemFormSchema.safeParse(itemToFormValues(item)).success).toBe(true);
  });

  it('creates with trimmed text and categoryId as a number, or null when none is chosen', () => {
    expect(toCreatePayload(filled)).toEqual({
      title: 'Camping stove',
      description: 'Two burners.',
      categoryId: 6,
      condition: 'good',
      wantedItems: 'A tent',
      isOpenToOffers: false,
      location: 'York',
      estimatedValue: '£40',
      images: ['data:image/jpeg;base64,AAAA'],
      mode: 'swap',
      fairChanceHours: null,
    });
    expect(toCreatePayload({ ...filled, categoryId: '' }).categoryId).toBeNull();
  });

  it('updates with categoryId as the chosen string', () => {
    expect(toUpdatePayload(filled)).toEqual({
      title: 'Camping stove',
      description: 'Two burners.',
      categoryId: '6',
      condition: 'good',
      location: 'York',
      wantedItems: 'A tent',
      isOpenToOffers: false,
      estimatedValue: '£40',
      images: ['data:image/jpeg;base64,AAAA'],
      mode: 'swap',
      fairChanceHours: null,
    });
  });

  it('clears the wanted items of a listing open to offers, on create and on edit', () => {
    const open = { ...filled, isOpenToOffers: true };
    expect(toCreatePayload(open)).toMatchObject({ isOpenToOffers: true, wantedItems: '' });
    expect(toUpdatePayload(open)).toMatchObject({ isOpenToOffers: true, wantedItems: '' });
  });

  it('sends bodies the server schemas accept, and an edited item round-trips', () => {
    expect(createItemSchema.safeParse(toCreatePayload(filled)).success).toBe(true);
    expect(createItemSchema.safeParse(toCreatePayload({ ...filled, categoryId: '' })).success).toBe(
      true,
    );
    const update = updateItemSchema.safeParse(toUpdatePayload(itemToFormValues(item)));
    expect(update.success && update.data).toMatchObject({
      title: item.title,
      description: item.description,
      categoryId: 6,
      condition: 'good',
      wantedItems: 'A tent',
      estimatedValue: '£40',
      location: 'York',
      images: item.images,
    });
  });

  it('gives away with whole hours of fair chance, wanting nothing, and fills a give-away back', () => {
    const free = {
      ...filled,
      mode: 'giveaway' as const,
      isOpenToOffers: true,
      fairChanceHours: '24',
    };
    for (const payload of [toCreatePayload(free), toUpdatePayload(free)]) {
      expect(payload).toMatchObject({
        mode: 'giveaway',
        fairChanceHours: 24,
        wantedItems: '',
        isOpenToOffers: false,
      });
    }
    expect(createItemSchema.safeParse(toCreatePayload(free)).success).toBe(true);
    const given = { ...item, mode: 'giveaway' as const, fairChanceHours: 0, wantedItems: null };
    expect(itemToFormValues(given)).toMatchObject({ mode: 'giveaway', fairChanceHours: '0' });
    expect(toUpdatePayload(itemToFormValues(given))).toMatchObject({ fairChanceHours: 0 });
  });

  it('checks the fair chance of a give-away only: whole hours from 0 to 72', () => {
    const free = (hours: string) =>
      itemFormSchema.safeParse({ ...filled, mode: 'giveaway', fairChanceHours: hours });
    for (const ok of ['0', '12', '72']) expect(free(ok).success, ok).toBe(true);
    for (const bad of ['', '73', '-1', '1.5', 'soon']) {
      const parsed = free(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ['fairChanceHours'],
        message: 'Enter whole hours from 0 to 72',
      });
    }
    // A swap's hidden field says nothing.
    expect(itemFormSchema.safeParse({ ...filled, fairChanceHours: 'soon' }).success).toBe(true);
  });
});
