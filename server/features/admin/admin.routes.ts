import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES_PAGE,
  adminItemSchema,
  adminProfileSchema,
  EXPORT_KINDS,
  resolveReportSchema,
} from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireAdmin } from '../../plugins/session.js';
import { adminStats, visitorAnalytics } from '../analytics/analytics.service.js';
import { parseItemId } from '../items/items.routes.js';
import { listReports, resolveReport } from '../reports/reports.service.js';
import {
  deleteAnyItem,
  deleteFeedback,
  deleteMessage,
  editItem,
  editProfile,
  exportCsv,
  listAllFeedback,
  listAllItems,
  listMessages,
  listUsers,
} from './admin.service.js';

const idParams = z.object({ id: z.string() });
const page = (defaultLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(500).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  });

function numericId(raw: string, what: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw new AppError(404, `${what} not found`);
  return Number(raw);
}

/**
 * Every admin route sits behind one onRequest guard (401 signed out, 403 members), checked before
 * the body is even read. Each change is written to the log: who, what, when.
 */
export function registerAdminRoutes(server: FastifyInstance, ctx: AppContext): void {
  server.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      await requireAdmin(request);
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const audit = async (request: FastifyRequest, action: string, target: string | number) => {
      const admin = await requireAdmin(request);
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

    app.get('/api/admin/stats', async () => adminStats(ctx));
    app.get('/api/admin/visitor-analytics', async () => visitorAnalytics(ctx));
    app.get('/api/admin/users', { schema: { querystring: page(200) } }, async (request) =>
      listUsers(ctx, request.query),
    );
    app.get('/api/admin/items', { schema: { querystring: page(200) } }, async (request) =>
      listAllItems(ctx, request.query),
    );
    app.get('/api/admin/feedback', { schema: { querystring: page(200) } }, async (request) =>
      listAllFeedback(ctx, request.query),
    );
    app.get(
      '/api/admin/messages',
      { schema: { querystring: page(ADMIN_MESSAGES_PAGE) } },
      async (request) => listMessages(ctx, request.query),
    );
    app.get('/api/flagged-items', async () => listReports(ctx));

    app.delete('/api/admin/feedback/:id', { schema: { params: idParams } }, async (request) => {
      const id = numericId(request.params.id, 'Feedback');
      await deleteFeedback(ctx, id);
      await audit(request, 'delete-feedback', id);
      return { message: 'Feedback deleted' };
    });
    app.delete('/api/admin/messages/:id', { schema: { params: idParams } }, async (request) => {
      const id = numericId(request.params.id, 'Message');
      await deleteMessage(ctx, id);
      await audit(request, 'delete-message', id);
      return { message: 'Message deleted' };
    });
    app.delete('/api/admin/items/:id', { schema: { params: idParams } }, async (request) => {
      const id = parseItemId(request.params.id);
      await deleteAnyItem(ctx, id);
      await audit(request, 'delete-item', id);
      return { message: 'Item deleted successfully' };
    });
    app.patch(
      '/api/admin/items/:id',
      { schema: { params: idParams, body: adminItemSchema } },
      async (request) => {
        const id = parseItemId(request.params.id);
        const item = await editItem(ctx, id, request.body);
        await audit(request, 'edit-item', id);
        return item;
      },
    );
    app.patch(
      '/api/admin/users/:id/profile',
      { schema: { params: idParams, body: adminProfileSchema } },
      async (request) => {
        const user = await editProfile(ctx, request.params.id, request.body);
        await audit(request, 'edit-profile', request.params.id);
        return user;
      },
    );
    app.patch(
      '/api/admin/flagged-items/:id',
      { schema: { params: idParams, body: resolveReportSchema } },
      async (request) => {
        const id = numericId(request.params.id, 'Report');
        const result = await resolveReport(ctx, id, request.body);
        await audit(
          request,
          `report-${request.body.status}${result.itemRemoved ? '-item-removed' : ''}`,
          id,
        );
        return result;
      },
    );
    app.get(
      '/api/admin/export/:kind',
      { schema: { params: z.object({ kind: z.enum(EXPORT_KINDS, { error: 'Unknown export' }) }) } },
      async (request, reply) => {
        const csv = await exportCsv(ctx, request.params.kind);
        await audit(request, `export-${request.params.kind}`, request.params.kind);
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
