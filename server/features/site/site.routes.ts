import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '../../../shared/site.schemas.js';
import type { AppContext } from '../../context.js';

export function registerSiteRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/config',
    {
      schema: {
        summary: 'Public site settings',
        description:
          'The site name, social page, map tile template and whether the site federates: what the client needs first.',
        response: { 200: siteConfigSchema },
      },
    },
    async () => ({
      siteName: ctx.config.siteName,
      socialUrl: ctx.config.socialUrl,
      tileUrl: ctx.config.tileUrl,
      federation: ctx.config.federation.enabled,
    }),
  );
}
