import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportSchema } from '../../../shared/admin.js';
import { memberReportCreatedSchema, reportMemberSchema } from '../../../shared/member-reports.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { parseItemId } from '../items/items.routes.js';
import { reportMember } from './member-reports.service.js';
import { reportItem } from './reports.service.js';

export function registerReportRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/items/:id/report',
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Report a listing to the moderators',
        description: 'Members other than the owner; once per member and listing (409 after).',
        security: SIGNED_IN,
        params: idParams,
        body: reportSchema,
        response: { 201: z.object({ id: z.number(), status: z.string() }) },
      },
    },
    async (request, reply) => {
      const reporter = await requireUser(request);
      return reply
        .code(201)
        .send(await reportItem(ctx, reporter, parseItemId(request.params.id), request.body));
    },
  );

  app.post(
    '/api/users/:id/report',
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Report a member to the moderators',
        description:
          'Spam, scam, harassment, inappropriate or other; once per member (409 after), not yourself.',
        security: SIGNED_IN,
        params: idParams,
        body: reportMemberSchema,
        response: { 201: memberReportCreatedSchema },
      },
    },
    async (request, reply) => {
      const reporter = await requireUser(request);
      return reply
        .code(201)
        .send(await reportMember(ctx, reporter, request.params.id, request.body));
    },
  );
}
