import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import {
  createMeetingPlaceSchema,
  MEETING_PLACE_NOT_FOUND,
  meetingPlaceSchema,
  meetingPlaceSuggestionSchema,
  updateMeetingPlaceSchema,
} from '../../../shared/meeting-places.js';
import { SWAP_NOT_FOUND } from '../../../shared/policies/swaps.js';
import type { AppContext } from '../../context.js';
import { ADMINS_ONLY, SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { requireAdmin, requireUser } from '../../plugins/session.js';
import {
  createMeetingPlace,
  deleteMeetingPlace,
  listMeetingPlaces,
  suggestMeetingPlaces,
  updateMeetingPlace,
} from './meeting-places.service.js';

/** Every admin change goes to the log, as the admin scope's do (docs/api.md: `audit`). */
async function audit(request: FastifyRequest, action: string, target: number) {
  const admin = await requireAdmin(request);
  request.log.info(
    {
      audit: {
        adminId: admin.id,
        adminEmail: admin.email,
        action,
        target,
        at: new Date().toISOString(),
      },
    },
    `admin ${action}`,
  );
}

/** Safe meeting places (issue 40 §4): the admins' list, and the suggestions in an offer's chat. */
export function registerMeetingPlaceRoutes(server: FastifyInstance, ctx: AppContext): void {
  server.register(async (scope) => {
    // Like every admin route: 401 signed out, 403 members, before the body is read.
    scope.addHook('onRequest', async (request) => {
      await requireAdmin(request);
    });
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.get(
      '/api/admin/meeting-places',
      {
        schema: {
          summary: 'The safe meeting places, by name',
          security: ADMINS_ONLY,
          response: { 200: z.array(meetingPlaceSchema) },
        },
      },
      async () => listMeetingPlaces(ctx),
    );
    admin.post(
      '/api/admin/meeting-places',
      {
        bodyLimit: 8 * 1024,
        schema: {
          summary: 'Add a safe meeting place',
          security: ADMINS_ONLY,
          body: createMeetingPlaceSchema,
          response: { 201: meetingPlaceSchema },
        },
      },
      async (request, reply) => {
        const place = await createMeetingPlace(ctx, request.body);
        await audit(request, 'add-meeting-place', place.id);
        return reply.code(201).send(place);
      },
    );
    admin.patch(
      '/api/admin/meeting-places/:id',
      {
        bodyLimit: 8 * 1024,
        schema: {
          summary: 'Change a safe meeting place',
          security: ADMINS_ONLY,
          params: idParams,
          body: updateMeetingPlaceSchema,
          response: { 200: meetingPlaceSchema },
        },
      },
      async (request) => {
        const id = numericId(request.params.id, MEETING_PLACE_NOT_FOUND);
        const place = await updateMeetingPlace(ctx, id, request.body);
        await audit(request, 'change-meeting-place', id);
        return place;
      },
    );
    admin.delete(
      '/api/admin/meeting-places/:id',
      {
        schema: {
          summary: 'Remove a safe meeting place',
          security: ADMINS_ONLY,
          params: idParams,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const id = numericId(request.params.id, MEETING_PLACE_NOT_FOUND);
        await deleteMeetingPlace(ctx, id);
        await audit(request, 'delete-meeting-place', id);
        return { message: 'Meeting place removed' };
      },
    );
  });
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/swap-requests/:id/meeting-places',
    {
      schema: {
        summary: 'Safe places to meet for an offer',
        description:
          'The three places nearest to both parties, by the farther party’s distance (distanceKm). A party is where the public point of their listing in the offer is: the first asked for, the first offered. [] when either has none or a member or listing is of another community. Parties only: anyone else 404.',
        security: SIGNED_IN,
        params: idParams,
        response: { 200: z.array(meetingPlaceSuggestionSchema) },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      return suggestMeetingPlaces(ctx, viewer, numericId(request.params.id, SWAP_NOT_FOUND));
    },
  );
}
