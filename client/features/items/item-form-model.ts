import { FAIR_CHANCE_HOURS, type ListingMode } from '../../../shared/item-display';
import type { Item } from '../../../shared/items';
import type { CreateItemPayload, UpdateItemPayload } from './api/items';

/**
 * The listing form's model, shared by create and edit: its values, and the
 * mapping from an item and to the two request bodies of SPEC §7.
 */

/**
 * The form's values; selects hold strings, so the category id is a string here whichever request
 * it ends up in. Their checks are `itemFormSchema` (item-form-schema.ts), which the form fetches
 * with zod on the first validation, so that the page does not download the validation library.
 */
export interface ItemFormValues {
  title: string;
  description: string;
  categoryId: string;
  condition: string;
  location: string;
  estimatedValue: string;
  isOpenToOffers: boolean;
  wantedItems: string;
  images: string[];
  /** Swap, or give away for free. */
  mode: ListingMode;
  /** A give-away's fair chance, as the number field holds it (whole hours, 0–72). */
  fairChanceHours: string;
}

export const EMPTY_ITEM_FORM: ItemFormValues = {
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
  fairChanceHours: String(FAIR_CHANCE_HOURS.default),
};

export function itemToFormValues(item: Item): ItemFormValues {
  return {
    title: item.title,
    description: item.description,
    categoryId: item.categoryId ? String(item.categoryId) : '',
    condition: item.condition,
    location: item.location ?? '',
    estimatedValue: item.estimatedValue ?? '',
    isOpenToOffers: item.isOpenToOffers,
    wantedItems: item.wantedItems ?? '',
    images: item.images,
    mode: item.mode,
    fairChanceHours: String(item.fairChanceHours ?? FAIR_CHANCE_HOURS.default),
  };
}

function listingFields(values: ItemFormValues) {
  const giveaway = values.mode === 'giveaway';
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    condition: values.condition,
    location: values.location,
    // Open to offers, or giving it away, hides the wanted field; what was typed there before
    // must not be saved.
    wantedItems: values.isOpenToOffers || giveaway ? '' : values.wantedItems,
    isOpenToOffers: giveaway ? false : values.isOpenToOffers,
    estimatedValue: values.estimatedValue,
    images: values.images,
    mode: values.mode,
    // A swap has no fair chance; the field is hidden then.
    fairChanceHours: giveaway ? Number(values.fairChanceHours) : null,
  };
}

/** POST /api/items: SPEC §5 sends categoryId as a number, or null when none is chosen. */
export function toCreatePayload(values: ItemFormValues): CreateItemPayload {
  return {
    ...listingFields(values),
    categoryId: values.categoryId ? Number(values.categoryId) : null,
  };
}

/**
 * PUT /api/items/:id: SPEC §5 sends categoryId as the select's string. estimatedValue is not in
 * SPEC §7's PUT body; the server accepts it so that editing the value is not lost.
 */
export function toUpdatePayload(values: ItemFormValues): UpdateItemPayload {
  return { ...listingFields(values), categoryId: values.categoryId };
}
