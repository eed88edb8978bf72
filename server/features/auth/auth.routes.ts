import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales.js';
import type { AppContext } from '../../context.js';
import { rawResponse, redirectResponse, SIGNED_IN } from '../../http/openapi.js';
import { chosenLocale, setLocaleCookie, visitorLocale } from '../../i18n/request-locale.js';
import {
  clearSessionCookie,
  deviceCookieName,
  readDeviceCookie,
  requireUser,
  setDeviceCookie,
  setSessionCookie,
} from '../../plugins/session.js';
import { presentCurrentUser } from '../users/user.presenter.js';
import {
  confirmPasswordReset,
  deviceAccountTag,
  RESET_REQUESTED,
  registerUser,
  requestPasswordReset,
  resendVerification,
  signIn,
  signOut,
  verifyEmail,
} from './auth.service.js';
import { logoutPage } from './logout-page.js';

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
      const { user, token, device } = await registerUser(
        ctx,
        request.body,
        request.ip,
        accountLocale(request),
        visitorLocale(request),
      );
      setSessionCookie(reply, token, config);
      setDeviceCookie(
        reply,
        deviceCookieName(deviceAccountTag(request.body.email)),
        device,
        config,
      );
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
      const deviceCookie = deviceCookieName(deviceAccountTag(request.body.email));
      const { user, token, device } = await signIn(
        ctx,
        request.body,
        request.ip,
        request.sessionToken,
        readDeviceCookie(request, deviceCookie),
      );
      setSessionCookie(reply, token, config);
      setDeviceCookie(reply, deviceCookie, device, config);
      if (isLocale(user.locale)) setLocaleCookie(reply, user.locale);
      return presentCurrentUser(user);
    },
  );

  server.register(async (scope) => {
    // The sign-out page's button is a form with no fields: an empty urlencoded post, accepted
    // here only (a body would have been refused already by the cross-site guard).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 },
      (_request, _body, done) => done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/logout',
      {
        schema: {
          summary: 'Sign out',
          description:
            'Ends the session, closes its live streams on every app server and clears the cookie. ' +
            "From the sign-out page's form (urlencoded) it redirects to the home page.",
          response: {
            200: messageResponseSchema,
            303: redirectResponse('Signed out from the sign-out page', '/'),
          },
        },
      },
      async (request, reply) => {
        await signOut(ctx, request.sessionToken);
        clearSessionCookie(reply, config);
        const fromForm = request.headers['content-type']?.startsWith(
          'application/x-www-form-urlencoded',
        );
        if (fromForm) return reply.redirect('/', 303);
        return { message: 'Signed out' };
      },
    );
  });

  // SPEC §4: when the logout call fails, the browser is sent here directly. A GET changes
  // nothing unless our own pages (or the member, typing it) sent it: any other site could link
  // here and sign our members out. Those get a page with a button that posts the sign-out.
  app.get(
    '/api/logout',
    {
      schema: {
        summary: 'Sign out and go to the home page',
        description:
          'For browsers whose POST /api/logout failed (SPEC §4). Signs out only for a same-origin ' +
          'or typed navigation (Sec-Fetch-Site same-origin or none); any other gets a page whose ' +
          'button posts the sign-out.',
        response: {
          200: rawResponse('A page asking to confirm the sign-out', ['text/html']),
          303: redirectResponse('Signed out', '/'),
        },
      },
    },
    async (request, reply) => {
      const site = request.headers['sec-fetch-site'];
      if (site === 'same-origin' || site === 'none') {
        await signOut(ctx, request.sessionToken);
        clearSessionCookie(reply, config);
        return reply.redirect('/', 303);
      }
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(logoutPage(config.siteName, visitorLocale(request)));
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
      await requestPasswordReset(ctx, request.body.email, request.ip, visitorLocale(request));
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
    async (request) => ({
      message: await resendVerification(ctx, await requireUser(request), visitorLocale(request)),
    }),
  );
}

/**
 * The language a new account keeps: the one the visitor picked, else the one their browser asks
 * for when it is not the default, so that later emails and pushes speak it (issue 41 §2).
 */
function accountLocale(request: FastifyRequest): Locale | null {
  const asked = visitorLocale(request);
  return chosenLocale(request) ?? (asked === DEFAULT_LOCALE ? null : asked);
}
