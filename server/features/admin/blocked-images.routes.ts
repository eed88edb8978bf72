import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import { blockedImageSchema, blockImageSchema } from '../../../shared/blocked-images.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/users.js';
import { ADMINS_ONLY } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { requireAdmin } from '../../plugins/session.js';
import {
  type BlockedImageRow,
  blockPhoto,
  listBlockedPhotos,
  unblockPhoto,
} from '../images/blocked-photos.js';

type Audit = (
  request: FastifyRequest,
  admin: UserRow,
  action: string,
  target: string | number,
) => void;

const present = (row: BlockedImageRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * Photos scammers reuse (issue 40 §3): admins block a listing's photo, list the blocked ones and
 * lift a block. Registered inside the admin scope, behind its one guard.
 */
export function registerBlockedImageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  audit: Audit,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/admin/blocked-images',
    {
      schema: {
        summary: 'The blocked photos, newest first',
        security: ADMINS_ONLY,
        response: { 200: z.array(blockedImageSchema) },
      },
    },
    async () => (await listBlockedPhotos(ctx)).map(present),
  );
  routes.post(
    '/api/admin/blocked-images',
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Block a listing photo',
        description:
          'The same photo uploaded again, even resized, re-compressed or stripped of metadata, is refused with 400 "This photo is not allowed". 404 when no listing has the photo, 409 when it is blocked already.',
        security: ADMINS_ONLY,
        body: blockImageSchema,
        response: { 201: blockedImageSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const blocked = await blockPhoto(ctx, admin, request.body);
      audit(request, admin, 'block-photo', blocked.imageUrl);
      return reply.code(201).send(present(blocked));
    },
  );
  routes.delete(
    '/api/admin/blocked-images/:id',
    {
      schema: {
        summary: 'Lift a photo block',
        security: ADMINS_ONLY,
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const id = numericId(request.params.id, 'Blocked photo not found');
      await unblockPhoto(ctx, id);
      audit(request, admin, 'unblock-photo', id);
      return { message: 'Photo unblocked' };
    },
  );
}
