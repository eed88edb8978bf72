import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { rawResponse } from '../../http/openapi.js';
import { IMAGE_MIME, preferredImageFormat } from './image-processing.js';
import { findImage } from './images.service.js';

const params = z.object({ id: z.string() });

export function registerImageRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const serve =
    (variant: 'full' | 'thumb') =>
    async (
      request: { params: { id: string }; headers: { accept?: string } },
      reply: import('fastify').FastifyReply,
    ) => {
      const { id } = request.params;
      const format = preferredImageFormat(request.headers.accept);
      const image = z.uuid().safeParse(id).success
        ? await findImage(ctx.db, id, variant, format)
        : undefined;
      if (!image) throw new AppError(404, 'Image not found');
      // Content never changes under a URL (a new upload gets a new id); its format follows Accept.
      return (
        reply
          .header('content-type', image.mime)
          .header('vary', 'Accept')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'same-origin')
          // Opened on its own, a picture gets no scripts, no plugins and an opaque origin.
          .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
          .header('content-disposition', 'inline')
          .send(image.bytes)
      );
    };
  const schema = (summary: string, description: string) => ({
    summary,
    description: `${description} Pictures are re-encoded as JPEG when uploaded and served as AVIF or WebP (made from the JPEG on first request, then stored) when the request's Accept names that format, JPEG otherwise (Vary: Accept); a URL's picture never changes, so it is cached for a year.`,
    params,
    response: {
      200: rawResponse('The picture', [IMAGE_MIME.jpeg, IMAGE_MIME.webp, IMAGE_MIME.avif]),
    },
  });
  app.get(
    '/api/images/:id',
    { schema: schema('A picture', 'At most 800 × 800 pixels.') },
    serve('full'),
  );
  app.get(
    '/api/images/:id/thumb',
    { schema: schema("A picture's thumbnail", 'The small variant cards show.') },
    serve('thumb'),
  );
}
