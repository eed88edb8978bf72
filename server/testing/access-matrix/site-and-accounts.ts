import { WRONG_PASSWORD } from '../../../shared/account.js';
import { refuse, requireActor } from '../../../shared/policies/decision.js';
import { METRICS_OFF } from '../../features/health/metrics.routes.js';
import { memberInput } from '../app.js';
import { type Expectation, everyone, members } from './decide.js';
import { ownerLogin } from './fixture.js';

/**
 * The access matrix's routes of the site (health, documentation, visits) and of accounts
 * (registration, sign-in, the account).
 */
export const SITE_AND_ACCOUNTS: Record<string, Expectation> = {
  'GET /healthz': { decide: everyone },
  'GET /readyz': { decide: everyone },
  'GET /api/health': { decide: everyone },
  // Off here (no METRICS_TOKEN): 404 for everyone, admins too. With a token, a bearer token and
  // never a session decides (server/features/health/metrics.routes.test.ts).
  'GET /metrics': { decide: () => refuse(404, METRICS_OFF) },
  'GET /api/openapi.json': { decide: everyone },
  'GET /api/docs': { decide: everyone },
  'GET /api/config': { decide: everyone },
  'GET /api/auth/user': { decide: members },
  'POST /api/register': { decide: everyone, body: () => memberInput() },
  'POST /api/login': {
    decide: everyone,
    body: () => ({ email: ownerLogin.email, password: ownerLogin.password }),
  },
  'POST /api/logout': { decide: everyone },
  'GET /api/logout': { decide: everyone },
  'POST /api/request-password-reset': {
    decide: everyone,
    body: () => ({ email: 'nobody@example.com' }),
  },
  'POST /api/confirm-reset-password': {
    decide: everyone,
    body: () => ({ token: 'x', newPassword: 'secret12' }),
  },
  'POST /api/verify-email': { decide: everyone, body: () => ({ token: 'x' }) },
  'POST /api/resend-verification': { decide: members },
  'POST /api/page-views': { decide: everyone, body: () => ({ path: '/' }) },
  'GET /api/unique-visitor-count': { decide: everyone },
  'GET /api/account/export': { decide: members },
  // A wrong password: every member is refused (the matrix's members must stay); the erasure
  // itself is server/features/account/account.routes.test.ts's.
  'DELETE /api/account': {
    decide: (actor) => (actor ? refuse(403, WRONG_PASSWORD) : requireActor(actor)),
    body: () => ({ password: 'not-the-password' }),
  },
};
