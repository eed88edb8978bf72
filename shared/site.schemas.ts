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
  /** Whether this site federates: listings of other communities may show here. */
  federation: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /api/health: for load balancers (200 when ready, 503 with the same body otherwise). */
export const healthSchema = z
  .object({
    /** The process answers (always true when there is an answer at all). */
    live: z.literal(true),
    /** Safe to send traffic: the database answers and has every migration this server needs. */
    ready: z.boolean(),
    /** `restarting`: the embedded server died and its supervisor is starting it again. */
    database: z.enum(['reachable', 'unreachable', 'restarting']),
    migrations: z.enum(['done', 'pending', 'unknown']),
    /** The latest migration the database has, when known. */
    schemaVersion: z.string().nullable(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
