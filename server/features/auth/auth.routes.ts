import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientUserSchema,
  confirmPasswordResetSchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  requestPasswordResetSchema,
  verifyEmailSchema,
} from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import { destroySession } from '../../infra/session-store.js';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/session.js';
import { presentCurrentUser } from '../users/user.presenter.js';
import {
  confirmPasswordReset,
  RESET_REQUESTED,
  registerUser,
  requestPasswordReset,
  resendVerification,
  signIn,
  verifyEmail,
} from './auth.service.js';

const SMALL_BODY = 16 * 1024;

export function registerAuthRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  app.get('/api/auth/user', { schema: { response: { 200: clientUserSchema } } }, async (request) =>
    presentCurrentUser(await requireUser(request)),
  );

  app.post(
    '/api/register',
    {
      bodyLimit: SMALL_BODY,
      schema: { body: registerSchema, response: { 201: clientUserSchema } },
    },
    async (request, reply) => {
      const { user, token } = await registerUser(ctx, request.body, request.ip);
      setSessionCookie(reply, token, config);
      return reply.code(201).send(presentCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    { bodyLimit: SMALL_BODY, schema: { body: loginSchema, response: { 200: clientUserSchema } } },
    async (request, reply) => {
      const { user, token } = await signIn(ctx, request.body, request.ip, request.sessionToken);
      setSessionCookie(reply, token, config);
      return presentCurrentUser(user);
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      if (request.sessionToken) await destroySession(ctx.db, request.sessionToken);
      clearSessionCookie(reply, config);
      return { message: 'Signed out' };
    },
  );

  // SPEC §4: when the logout call fails, the browser is sent here directly.
  app.get('/api/logout', async (request, reply) => {
    if (request.sessionToken) await destroySession(ctx.db, request.sessionToken);
    clearSessionCookie(reply, config);
    return reply.redirect('/', 303);
  });

  app.post(
    '/api/request-password-reset',
    {
      bodyLimit: SMALL_BODY,
      schema: { body: requestPasswordResetSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return { message: RESET_REQUESTED };
    },
  );

  app.post(
    '/api/confirm-reset-password',
    {
      bodyLimit: SMALL_BODY,
      schema: { body: confirmPasswordResetSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      await confirmPasswordReset(ctx, request.body.token, request.body.newPassword);
      // Every session of the account ended, this browser's included.
      clearSessionCookie(reply, config);
      return { message: 'Your password has been updated. Please sign in with the new password.' };
    },
  );

  app.post(
    '/api/verify-email',
    {
      bodyLimit: SMALL_BODY,
      schema: { body: verifyEmailSchema, response: { 200: clientUserSchema } },
    },
    async (request) => presentCurrentUser(await verifyEmail(ctx, request.body.token)),
  );

  app.post(
    '/api/resend-verification',
    { schema: { response: { 200: messageResponseSchema } } },
    async (request) => ({ message: await resendVerification(ctx, await requireUser(request)) }),
  );
}
