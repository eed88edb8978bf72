import { z } from 'zod';

export const categorySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    icon: z.string().nullable(),
    description: z.string().nullable(),
  })
  .meta({ id: 'Category' });
export type CategoryResponse = z.infer<typeof categorySchema>;

/** Public settings the client needs before anything else (GET /api/config). */
export const siteConfigSchema = z.object({
  siteName: z.string(),
  socialUrl: z.string(),
  tileUrl: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
