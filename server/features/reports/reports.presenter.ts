import type { ReportEntry } from '../../../shared/admin.js';
import type { MemberReportEntry, MemberReportReason } from '../../../shared/member-reports.js';
import { presentPublicUser } from '../users/public-user.js';
import { presentActivity, presentCurrentUser } from '../users/user.presenter.js';
import type { MemberReportRow } from './member-reports.service.js';
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
    reporter: row.reporter && presentPublicUser(row.reporter),
  };
}

/** A member report as the admin queue shows it, with the member as admins see members. */
export function presentMemberReport(row: MemberReportRow): MemberReportEntry {
  const { updatedAt: _updatedAt, ...member } = presentCurrentUser(row.member);
  return {
    id: row.report.id,
    reason: row.report.reason as MemberReportReason,
    description: row.report.description,
    status: row.report.status,
    createdAt: row.report.createdAt.toISOString(),
    handledAt: row.report.handledAt?.toISOString() ?? null,
    reporter: presentPublicUser(row.reporter),
    member: { ...member, suspended: row.member.suspendedAt !== null },
    reportsAgainstMember: row.reportsAgainstMember,
    recentActivity: presentActivity(row.activity).slice(0, 10),
  };
}
