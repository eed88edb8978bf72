import { z } from 'zod';

/**
 * Pieces of route schemas that only the API description needs. Routes declare who may call them
 * (`security`), and the responses that are not JSON say what they are, so that
 * GET /api/openapi.json describes every route as it really answers.
 */

/** The session cookie set by POST /api/login and /api/register. */
export const SESSION_SECURITY_SCHEME = 'session';
/** `Authorization: Bearer <METRICS_TOKEN>`, for GET /metrics. */
export const METRICS_SECURITY_SCHEME = 'metricsToken';

/** A route for signed-in members (admins included); the policy may narrow it further. */
export const SIGNED_IN = [{ [SESSION_SECURITY_SCHEME]: [] }];
/** A route for admins: signed in, with isAdmin. */
export const ADMINS_ONLY = SIGNED_IN;

/**
 * A response whose body is not JSON (an image, a CSV file, a page). Fastify never runs the JSON
 * serializer on a string or a Buffer sent with a non-JSON content type, so the body goes out as is;
 * the schema is there for the document.
 */
export function rawResponse(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(
      mediaTypes.map((mediaType) => [
        mediaType,
        { schema: z.string().meta({ contentMediaType: mediaType }) },
      ]),
    ),
  };
}

/** A redirect: no body, a Location header. */
export function redirectResponse(description: string, location: string) {
  return z.null().meta({
    description,
    headers: { location: { type: 'string', description: `Where to go next: ${location}` } },
  });
}
