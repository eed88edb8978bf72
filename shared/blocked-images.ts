import { z } from 'zod';

/** The 400 an upload of a blocked photo gets, word for word (issue 40 §3). */
export const PHOTO_NOT_ALLOWED = 'This photo is not allowed';

/** POST /api/admin/blocked-images: a listing's photo as the API shows it (`/api/images/ID`). */
export const blockImageSchema = z.object({
  imageUrl: z
    .string({ error: 'imageUrl is required' })
    .trim()
    .min(1, { error: 'imageUrl is required' })
    .max(2000, { error: 'imageUrl is too long' }),
});
export type BlockImage = z.infer<typeof blockImageSchema>;

/** A blocked photo; `item` is the listing it was blocked from while that listing exists. */
export const blockedImageSchema = z
  .object({
    id: z.number(),
    imageUrl: z.string(),
    item: z.object({ id: z.number(), title: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BlockedImage' });
export type BlockedImage = z.infer<typeof blockedImageSchema>;
