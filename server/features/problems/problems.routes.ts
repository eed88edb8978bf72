import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CIRCLE_NOT_FOUND } from '../../../shared/policies/circles.js';
import { SWAP_NOT_FOUND } from '../../../shared/policies/swaps.js';
import { problemCreatedSchema, reportProblemSchema } from '../../../shared/problems.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams, numericId } from '../../http/params.js';
import { requireUser } from '../../plugins/session.js';
import { reportCircleProblem, reportSwapProblem } from './problems.service.js';

const WHO =
  'A party, within 14 days of completion (of acceptance, for a no-show); once per party (409 after); anyone else 404. The member it is about is notified and may answer in the chat.';

/** A party reports a problem after an offer or a circle (issue 40 §2). */
export function registerProblemRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/swap-requests/:id/problem',
    {
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Report a problem after a swap',
        description: WHO,
        security: SIGNED_IN,
        params: idParams,
        body: reportProblemSchema,
        response: { 201: problemCreatedSchema },
      },
    },
    async (request, reply) => {
      const reporter = await requireUser(request);
      const id = numericId(request.params.id, SWAP_NOT_FOUND);
      return reply.code(201).send(await reportSwapProblem(ctx, reporter, id, request.body));
    },
  );
  app.post(
    '/api/circles/:id/problem',
    {
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Report a problem after a swap circle',
        description: `${WHO} In a circle it is about the member who gives you their listing.`,
        security: SIGNED_IN,
        params: idParams,
        body: reportProblemSchema,
        response: { 201: problemCreatedSchema },
      },
    },
    async (request, reply) => {
      const reporter = await requireUser(request);
      const id = numericId(request.params.id, CIRCLE_NOT_FOUND);
      return reply.code(201).send(await reportCircleProblem(ctx, reporter, id, request.body));
    },
  );
}
