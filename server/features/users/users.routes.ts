import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientUserSchema } from '../../../shared/auth.schemas.js';
import { activitySchema, memberProfileSchema, updateProfileSchema } from '../../../shared/users.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { idParams } from '../../http/params.js';
import { setLocaleCookie } from '../../i18n/request-locale.js';
import { requireUser } from '../../plugins/session.js';
import { memberHome } from './home-reliability.js';
import { findReliability } from './reliability.js';
import { presentActivity, presentCurrentUser, presentPublicProfile } from './user.presenter.js';
import { findActivity } from './users.queries.js';
import { loadUser, updateProfile } from './users.service.js';

export function registerUserRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/:id',
    {
      schema: {
        summary: "A member's public profile",
        description:
          '`reliability`: over offers received in the last 90 days, `responseRate` (whole percent answered — accepted, declined or countered; offers withdrawn or closed by the site before an answer do not count, nor do offers from members since suspended or whom this member blocked; open ones count once 48 hours old) and `typicalResponseMinutes` (median time to the first answer), both null with nothing to go on; `completedSwaps` and `completedCircles`. Membership age is `createdAt`. `home` (issue 39 §3) is null for a member of this community; for a member of another, `{host, profileUrl, reliability, reportedAt}`: the reliability their home community last reported (read from the link their actor carries, at most hourly, in the background: null until it has answered) and when.',
        params: idParams,
        response: { 200: memberProfileSchema },
      },
    },
    async (request) => {
      const user = await loadUser(ctx, request.params.id);
      return {
        ...presentPublicProfile(user),
        reliability: await findReliability(ctx.db, user.id),
        home: await memberHome(ctx, user),
      };
    },
  );

  app.get(
    '/api/users/:id/activity',
    {
      schema: {
        summary: "A member's recent activity",
        description: 'Listed items, completed swaps and feedback received, newest first.',
        params: idParams,
        response: { 200: z.array(activitySchema) },
      },
    },
    async (request) => {
      const user = await loadUser(ctx, request.params.id);
      return presentActivity(await findActivity(ctx.db, user.id));
    },
  );

  app.patch(
    '/api/users/profile',
    {
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        summary: 'Edit your profile',
        description:
          'Either `{profileImageUrl}` (an emoji, or a data URL cropped square) or `{nickname, bio, location}`. Answers the updated user.',
        security: SIGNED_IN,
        body: updateProfileSchema,
        response: { 200: clientUserSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const updated = await updateProfile(ctx, user, user.id, request.body);
      if (request.body.locale !== undefined) setLocaleCookie(reply, request.body.locale);
      return presentCurrentUser(updated);
    },
  );
}
