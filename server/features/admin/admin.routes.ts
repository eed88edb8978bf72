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
import { feedbackEntrySchema, swapMessageSchema } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/users.js';
import { idParams, numericId, pageQuery } from '../../http/params.js';
import { requireAdmin } from '../../plugins/session.js';
import { adminStats, visitorAnalytics } from '../analytics/analytics.service.js';
import { deleteFeedback } from '../feedback/feedback.service.js';
import { presentItem } from '../items/items.presenter.js';
import { parseItemId } from '../items/items.routes.js';
import { deleteItem, loadItem, updateItem } from '../items/items.service.js';
import { findMemberReports, handleMemberReport } from '../reports/member-reports.service.js';
import { presentMemberReport, presentReport } from '../reports/reports.presenter.js';
import { findReports, resolveReport } from '../reports/reports.service.js';
import { deleteMessage } from '../swaps/swaps.service.js';
import { updateProfile } from '../users/users.service.js';
import { presentAdminUser } from './admin.presenter.js';
import {
  exportCsv,
  listAllFeedback,
  listAllItems,
  listMessages,
  listUsers,
} from './admin.service.js';

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
    const removal = { params: idParams, response: { 200: messageResponseSchema } };

    app.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async () =>
      adminStats(ctx),
    );
    app.get(
      '/api/admin/visitor-analytics',
      { schema: { response: { 200: visitorAnalyticsSchema } } },
      async () => visitorAnalytics(ctx),
    );
    app.get(
      '/api/admin/users',
      { schema: { querystring: page(200), response: { 200: z.array(adminUserSchema) } } },
      async (request) => listUsers(ctx, request.query),
    );
    app.get(
      '/api/admin/items',
      { schema: { querystring: page(200), response: { 200: z.array(itemSchema) } } },
      async (request) => listAllItems(ctx, request.query),
    );
    app.get(
      '/api/admin/feedback',
      { schema: { querystring: page(200), response: { 200: z.array(feedbackEntrySchema) } } },
      async (request) => listAllFeedback(ctx, request.query),
    );
    app.get(
      '/api/admin/messages',
      {
        schema: {
          querystring: page(ADMIN_MESSAGES_PAGE),
          response: { 200: z.array(swapMessageSchema) },
        },
      },
      async (request) => listMessages(ctx, request.query),
    );
    app.get(
      '/api/flagged-items',
      { schema: { response: { 200: z.array(reportEntrySchema) } } },
      async () => (await findReports(ctx)).map(presentReport),
    );

    app.delete('/api/admin/feedback/:id', { schema: removal }, async (request) => {
      const admin = await requireAdmin(request);
      const id = numericId(request.params.id, 'Feedback not found');
      await deleteFeedback(ctx, admin, id);
      audit(request, admin, 'delete-feedback', id);
      return { message: 'Feedback deleted' };
    });
    app.delete('/api/admin/messages/:id', { schema: removal }, async (request) => {
      const admin = await requireAdmin(request);
      const id = numericId(request.params.id, 'Message not found');
      await deleteMessage(ctx, admin, id);
      audit(request, admin, 'delete-message', id);
      return { message: 'Message deleted' };
    });
    app.delete('/api/admin/items/:id', { schema: removal }, async (request) => {
      const admin = await requireAdmin(request);
      const id = parseItemId(request.params.id);
      await deleteItem(ctx, admin, id);
      audit(request, admin, 'delete-item', id);
      return { message: 'Item deleted successfully' };
    });
    app.patch(
      '/api/admin/items/:id',
      { schema: { params: idParams, body: adminItemSchema, response: { 200: itemSchema } } },
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
        schema: { params: idParams, body: adminProfileSchema, response: { 200: adminUserSchema } },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const user = await updateProfile(ctx, admin, request.params.id, request.body);
        audit(request, admin, 'edit-profile', request.params.id);
        return presentAdminUser(user);
      },
    );
    app.patch(
      '/api/admin/flagged-items/:id',
      {
        schema: {
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
      { schema: { response: { 200: z.array(memberReportEntrySchema) } } },
      async (request) =>
        (await findMemberReports(ctx, await requireAdmin(request))).map(presentMemberReport),
    );
    app.patch(
      '/api/admin/member-reports/:id',
      {
        schema: {
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
      '/api/admin/export/:kind',
      { schema: { params: z.object({ kind: z.enum(EXPORT_KINDS, { error: 'Unknown export' }) }) } },
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
