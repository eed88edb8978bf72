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
import { redirectResponse, SIGNED_IN } from '../../http/openapi.js';
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

  app.get(
    '/api/auth/user',
    {
      schema: {
        summary: 'The signed-in member',
        description:
          '`isMember` means the member verified their email address. 401 when signed out.',
        security: SIGNED_IN,
        response: { 200: clientUserSchema },
      },
    },
    async (request) => presentCurrentUser(await requireUser(request)),
  );

  app.post(
    '/api/register',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        summary: 'Create an account and sign in',
        description:
          'Sets the session cookie and sends a verification email. 409 when the email or nickname is taken.',
        body: registerSchema,
        response: { 201: clientUserSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await registerUser(ctx, request.body, request.ip);
      setSessionCookie(reply, token, config);
      return reply.code(201).send(presentCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        summary: 'Sign in',
        description: 'Sets the session cookie (a new session id). 401 "Invalid email or password".',
        body: loginSchema,
        response: { 200: clientUserSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await signIn(ctx, request.body, request.ip, request.sessionToken);
      setSessionCookie(reply, token, config);
      return presentCurrentUser(user);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        summary: 'Sign out',
        description: 'Ends the session and clears the cookie.',
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await destroySession(ctx.db, request.sessionToken);
      clearSessionCookie(reply, config);
      return { message: 'Signed out' };
    },
  );

  // SPEC §4: when the logout call fails, the browser is sent here directly.
  app.get(
    '/api/logout',
    {
      schema: {
        summary: 'Sign out and go to the home page',
        description: 'For browsers whose POST /api/logout failed (SPEC §4).',
        response: { 303: redirectResponse('Signed out', '/') },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await destroySession(ctx.db, request.sessionToken);
      clearSessionCookie(reply, config);
      return reply.redirect('/', 303);
    },
  );

  app.post(
    '/api/request-password-reset',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        summary: 'Email a password-reset link',
        description: 'The same answer whether or not the account exists.',
        body: requestPasswordResetSchema,
        response: { 200: messageResponseSchema },
      },
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
      schema: {
        summary: 'Set a new password with a reset token',
        description: 'Ends every session of the account.',
        body: confirmPasswordResetSchema,
        response: { 200: messageResponseSchema },
      },
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
      schema: {
        summary: 'Verify an email address with its token',
        description: 'Answers the user with `isMember: true`.',
        body: verifyEmailSchema,
        response: { 200: clientUserSchema },
      },
    },
    async (request) => presentCurrentUser(await verifyEmail(ctx, request.body.token)),
  );

  app.post(
    '/api/resend-verification',
    {
      schema: {
        summary: 'Send a new verification link',
        security: SIGNED_IN,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({ message: await resendVerification(ctx, await requireUser(request)) }),
  );
}
