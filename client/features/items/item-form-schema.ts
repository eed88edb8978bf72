import { z } from 'zod';
import { findBannedWord } from '../../../shared/banned-words';
import {
  FAIR_CHANCE_HOURS,
  ITEM_LIMITS,
  ITEM_NOT_ALLOWED,
  LISTING_MODES,
  MAX_IMAGES_MESSAGE,
  MAX_ITEM_IMAGES,
} from '../../../shared/item-display';
import type { ItemFormValues } from './item-form-model';

/**
 * The listing form's checks. Only `lazyZodResolver` imports this module (dynamically), so zod
 * loads on the form's first validation rather than with the create and edit pages.
 */

const allowedText = (required: string, max: number) =>
  z
    .string()
    .min(1, { error: required })
    .max(max, { error: `Must be at most ${max} characters` })
    .refine((text) => !findBannedWord(text), { error: ITEM_NOT_ALLOWED });

export const FAIR_CHANCE_MESSAGE = `Enter whole hours from ${FAIR_CHANCE_HOURS.min} to ${FAIR_CHANCE_HOURS.max}`;

/** Whole hours in the fair-chance range, as the number field holds them. */
const isFairChance = (text: string) =>
  /^\d{1,2}$/.test(text.trim()) &&
  Number(text) >= FAIR_CHANCE_HOURS.min &&
  Number(text) <= FAIR_CHANCE_HOURS.max;

export const itemFormSchema = z
  .object({
    title: allowedText('Title is required', ITEM_LIMITS.title),
    description: allowedText('Description is required', ITEM_LIMITS.description),
    categoryId: z.string().min(1, { error: 'Please select a category' }),
    condition: z.string().min(1, { error: 'Please select a condition' }),
    location: z.string().max(ITEM_LIMITS.location),
    estimatedValue: z.string().max(ITEM_LIMITS.estimatedValue),
    isOpenToOffers: z.boolean(),
    wantedItems: z.string().max(ITEM_LIMITS.wantedItems),
    images: z.array(z.string()).max(MAX_ITEM_IMAGES, { error: MAX_IMAGES_MESSAGE }),
    mode: z.enum(LISTING_MODES),
    fairChanceHours: z.string(),
  })
  // Only a give-away has a fair chance: a swap's hidden field is not checked.
  .refine((values) => values.mode !== 'giveaway' || isFairChance(values.fairChanceHours), {
    error: FAIR_CHANCE_MESSAGE,
    path: ['fairChanceHours'],
  }) satisfies z.ZodType<ItemFormValues>;

/** The schema's values and the form's interface are the same shape (checked by the compiler). */
const sameShape: z.infer<typeof itemFormSchema> extends ItemFormValues
  ? ItemFormValues extends z.infer<typeof itemFormSchema>
    ? true
    : false
  : false = true;
void sameShape;
