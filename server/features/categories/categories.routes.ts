import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema } from '../../../shared/site.schemas.js';
import type { AppContext } from '../../context.js';
import { categories } from '../../db/schema/catalog.js';

export function registerCategoryRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/categories',
    {
      schema: { summary: 'The listing categories', response: { 200: z.array(categorySchema) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ctx.db.select().from(categories).orderBy(asc(categories.name));
    },
  );
}
