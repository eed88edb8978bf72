import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES_PAGE,
  adminItemSchema,
  adminProfileSchema,
  adminStatsSchema,
  adminUserSchema,
  EXPORT_KINDS,
  reportEntrySchema,
  resolvedReportSchema,
  resolveReportSchema,
  visitorAnalyticsSchema,
} from '../../../shared/admin.js';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import { itemSchema } from '../../../shared/items.js';
import {
  handledMemberReportSchema,
  handleMemberReportSchema,
  memberReportEntrySchema,
} from '../../../shared/member-reports.js';
import {
  problemEntrySchema,
  resolvedProblemSchema,
  resolveProblemSchema,
} from '../../../shared/problems.js';
import { feedbackEntrySchema, swapMessageSchema } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/users.js';
import { ADMINS_ONLY, rawResponse } from '../../http/openapi.js';
import { idParams, numericId, pageQuery } from '../../http/params.js';
import { requireAdmin } from '../../plugins/session.js';
import { eraseAccount } from '../account/erasure.js';
import { adminStats, visitorAnalytics } from '../analytics/analytics.service.js';
import { deleteFeedback } from '../feedback/feedback.service.js';
import { presentItem } from '../items/items.presenter.js';
import { parseItemId } from '../items/items.routes.js';
import { deleteItem, loadItem, updateItem } from '../items/items.service.js';
import { listProblems } from '../problems/problems.queue.js';
import { resolveProblem } from '../problems/problems.service.js';
import { findMemberReports, handleMemberReport } from '../reports/member-reports.service.js';
import { presentMemberReport, presentReport } from '../reports/reports.presenter.js';
import { findReports, resolveReport } from '../reports/reports.service.js';
import { deleteMessage } from '../swaps/swaps.chat.js';
import { updateProfile } from '../users/users.service.js';
import { presentAdminUser } from './admin.presenter.js';
import {
  exportCsv,
  listAllFeedback,
  listAllItems,
  listMessages,
  listUsers,
} from './admin.service.js';
import { registerBlockedImageRoutes } from './blocked-images.routes.js';

const page = (defaultLimit: number) => pageQuery(defaultLimit, 500, 1_000_000);

/**
 * Every admin route sits behind one onRequest guard (401 signed out, 403 members), checked before
 * the body is even read. Changes go through the same domain services members use, with the admin
 * as the actor (the policies say what an admin may do), and each is written to the log.
 */
export function registerAdminRoutes(server: FastifyInstance, ctx: AppContext): void {
  server.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      await requireAdmin(request);
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const audit = (
      request: FastifyRequest,
      admin: UserRow,
      action: string,
      target: string | number,
    ) => {
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
    };
    registerBlockedImageRoutes(scope, ctx, audit);
    const admins = { security: ADMINS_ONLY };
    const removal = (summary: string) => ({
      summary,
      ...admins,
      params: idParams,
      response: { 200: messageResponseSchema },
    });

    app.get(
      '/api/admin/stats',
      {
        schema: {
          summary: 'Dashboard statistics',
          description:
            'Members, verified members, listings, completed swaps, visits in the last 24 hours and per day for 7 days (zero-filled).',
          ...admins,
          response: { 200: adminStatsSchema },
        },
      },
      async () => adminStats(ctx),
    );
    app.get(
      '/api/admin/visitor-analytics',
      {
        schema: {
          summary: 'Visitor analytics',
          description:
            'Unique addresses, page views, registered and anonymous visits, top 5 addresses.',
          ...admins,
          response: { 200: visitorAnalyticsSchema },
        },
      },
      async () => visitorAnalytics(ctx),
    );
    app.get(
      '/api/admin/users',
      {
        schema: {
          summary: 'Every account, with emails',
          ...admins,
          querystring: page(200),
          response: { 200: z.array(adminUserSchema) },
        },
      },
      async (request) => listUsers(ctx, request.query),
    );
    app.get(
      '/api/admin/items',
      {
        schema: {
          summary: 'Every listing, inactive ones included',
          ...admins,
          querystring: page(200),
          response: { 200: z.array(itemSchema) },
        },
      },
      async (request) => listAllItems(ctx, request.query),
    );
    app.get(
      '/api/admin/feedback',
      {
        schema: {
          summary: 'All feedback',
          ...admins,
          querystring: page(200),
          response: { 200: z.array(feedbackEntrySchema) },
        },
      },
      async (request) => listAllFeedback(ctx, request.query),
    );
    app.get(
      '/api/admin/messages',
      {
        schema: {
          summary: 'Chat messages, newest first',
          ...admins,
          querystring: page(ADMIN_MESSAGES_PAGE),
          response: { 200: z.array(swapMessageSchema) },
        },
      },
      async (request) => listMessages(ctx, request.query),
    );
    app.get(
      '/api/flagged-items',
      {
        schema: {
          summary: 'The queue of reported listings, pending first',
          ...admins,
          response: { 200: z.array(reportEntrySchema) },
        },
      },
      async () => (await findReports(ctx)).map(presentReport),
    );

    app.delete(
      '/api/admin/feedback/:id',
      { schema: removal('Delete feedback') },
      async (request) => {
        const admin = await requireAdmin(request);
        const id = numericId(request.params.id, 'Feedback not found');
        await deleteFeedback(ctx, admin, id);
        audit(request, admin, 'delete-feedback', id);
        return { message: 'Feedback deleted' };
      },
    );
    app.delete(
      '/api/admin/messages/:id',
      { schema: removal('Delete a chat message') },
      async (request) => {
        const admin = await requireAdmin(request);
        const id = numericId(request.params.id, 'Message not found');
        await deleteMessage(ctx, admin, id);
        audit(request, admin, 'delete-message', id);
        return { message: 'Message deleted' };
      },
    );
    app.delete('/api/admin/items/:id', { schema: removal('Delete a listing') }, async (request) => {
      const admin = await requireAdmin(request);
      const id = parseItemId(request.params.id);
      await deleteItem(ctx, admin, id);
      audit(request, admin, 'delete-item', id);
      return { message: 'Item deleted successfully' };
    });
    app.patch(
      '/api/admin/items/:id',
      {
        schema: {
          summary: "Edit a listing's title, description or wanted items",
          description: 'Banned words are refused as for members.',
          ...admins,
          params: idParams,
          body: adminItemSchema,
          response: { 200: itemSchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const id = parseItemId(request.params.id);
        await updateItem(ctx, admin, id, request.body);
        audit(request, admin, 'edit-item', id);
        return presentItem(await loadItem(ctx, id));
      },
    );
    app.patch(
      '/api/admin/users/:id/profile',
      {
        schema: {
          summary: "Edit a member's nickname, bio, location or picture",
          ...admins,
          params: idParams,
          body: adminProfileSchema,
          response: { 200: adminUserSchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const user = await updateProfile(ctx, admin, request.params.id, request.body);
        audit(request, admin, 'edit-profile', request.params.id);
        return presentAdminUser(user);
      },
    );
    app.delete(
      '/api/admin/users/:id',
      {
        schema: {
          ...removal('Erase a member’s account'),
          description:
            'The same erasure as `DELETE /api/account` (issue 40 §1), without a password. 404 for an unknown, already erased or remote member.',
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await eraseAccount(ctx, request.params.id);
        audit(request, admin, 'erase-member', request.params.id);
        return { message: 'Account erased' };
      },
    );
    app.patch(
      '/api/admin/flagged-items/:id',
      {
        schema: {
          summary: 'Resolve or dismiss a report',
          description: '`removeItem: true` also deletes the listing.',
          ...admins,
          params: idParams,
          body: resolveReportSchema,
          response: { 200: resolvedReportSchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const id = numericId(request.params.id, 'Report not found');
        const result = await resolveReport(ctx, admin, id, request.body);
        const action = `report-${request.body.status}${result.itemRemoved ? '-item-removed' : ''}`;
        audit(request, admin, action, id);
        return result;
      },
    );
    app.get(
      '/api/admin/member-reports',
      {
        schema: {
          summary: 'Reports on members, with their recent activity and report count',
          security: ADMINS_ONLY,
          response: { 200: z.array(memberReportEntrySchema) },
        },
      },
      async (request) =>
        (await findMemberReports(ctx, await requireAdmin(request))).map(presentMemberReport),
    );
    app.patch(
      '/api/admin/member-reports/:id',
      {
        schema: {
          summary: 'Warn, suspend or dismiss: handle a report on a member',
          security: ADMINS_ONLY,
          params: idParams,
          body: handleMemberReportSchema,
          response: { 200: handledMemberReportSchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const id = numericId(request.params.id, 'Report not found');
        const result = await handleMemberReport(ctx, admin, id, request.body);
        audit(request, admin, `member-report-${request.body.action}`, id);
        return result;
      },
    );
    app.get(
      '/api/admin/problems',
      {
        schema: {
          summary: 'Problems reported after swaps, with both sides’ history',
          description:
            'Open first, then the newest (≤ 200). Each side: the member (with email and `suspended`), their reliability, and their earlier problems raised and received.',
          security: ADMINS_ONLY,
          response: { 200: z.array(problemEntrySchema) },
        },
      },
      async (request) => listProblems(ctx, await requireAdmin(request)),
    );
    app.patch(
      '/api/admin/problems/:id',
      {
        schema: {
          summary: 'Resolve a problem: upheld or dismissed, with a note; warn or suspend',
          description:
            'An open problem only (409 after). `action` (warn or suspend the member it is about) only with `upheld`; the reporter is told the outcome.',
          security: ADMINS_ONLY,
          params: idParams,
          body: resolveProblemSchema,
          response: { 200: resolvedProblemSchema },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const id = numericId(request.params.id, 'Problem not found');
        const result = await resolveProblem(ctx, admin, id, request.body);
        const action = request.body.action ? `-${request.body.action}` : '';
        audit(request, admin, `problem-${request.body.resolution}${action}`, id);
        return result;
      },
    );
    app.get(
      '/api/admin/export/:kind',
      {
        schema: {
          summary: 'Download a CSV export',
          description:
            "Members, listings, swaps or page views. Cells that look like spreadsheet formulas are prefixed with `'`.",
          ...admins,
          params: z.object({ kind: z.enum(EXPORT_KINDS, { error: 'Unknown export' }) }),
          response: { 200: rawResponse('A CSV file (as an attachment)', ['text/csv']) },
        },
      },
      async (request, reply) => {
        const admin = await requireAdmin(request);
        const csv = await exportCsv(ctx, request.params.kind);
        audit(request, admin, `export-${request.params.kind}`, request.params.kind);
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="swapmarket-${request.params.kind}-${stamp}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  });
}
