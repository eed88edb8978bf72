import { z } from 'zod';

export const FOLLOW_STATE_VALUES = ['none', 'pending', 'accepted', 'rejected'] as const;

/** Another instance as its admins see it (GET /api/admin/federation/instances). */
export const instanceSchema = z
  .object({
    id: z.number(),
    host: z.string(),
    /** Its base URL, as followed (or as it followed us): what a follow back sends to. */
    url: z.string(),
    name: z.string().nullable(),
    /** Our follow of them. */
    following: z.enum(FOLLOW_STATE_VALUES),
    /** Their follow of us. */
    follower: z.enum(FOLLOW_STATE_VALUES),
    blocked: z.boolean(),
    /** Their listings held here. */
    listings: z.number(),
    lastDeliveryAt: z.string().nullable(),
    failures: z.number(),
  })
  .meta({ id: 'Instance' });
export type Instance = z.infer<typeof instanceSchema>;

export const followInstanceSchema = z
  .object({
    url: z
      .string({ error: 'url is required' })
      .trim()
      .max(300, { error: 'url must be at most 300 characters' })
      .pipe(
        z.url({ protocol: /^https?$/, error: 'url must be the other instance’s http(s) address' }),
      ),
  })
  .strict();

export const updateInstanceSchema = z
  .object({
    follower: z
      .enum(['accepted', 'rejected'], { error: 'follower must be accepted or rejected' })
      .optional(),
    blocked: z.boolean({ error: 'blocked must be true or false' }).optional(),
  })
  .strict()
  .refine((body) => body.follower !== undefined || body.blocked !== undefined, {
    error: 'Send follower or blocked',
  });
export type UpdateInstance = z.infer<typeof updateInstanceSchema>;
