import type { ReportEntry } from '../../../shared/admin.js';
import { presentPublicUser } from '../users/public-user.js';
import type { ReportRow } from './reports.service.js';

export function presentReport(row: ReportRow): ReportEntry {
  return {
    id: row.report.id,
    itemId: row.report.itemId,
    userId: row.report.userId,
    reason: row.report.reason,
    description: row.report.description,
    status: row.report.status,
    createdAt: row.report.createdAt.toISOString(),
    item: row.item,
    reporter: presentPublicUser(row.reporter),
  };
}
