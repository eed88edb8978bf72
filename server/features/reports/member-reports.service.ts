import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type HandleMemberReport,
  MEMBER_REPORT_REASONS,
  type MemberReportReason,
  type ReportMember,
} from '../../../shared/member-reports.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { canHandleMemberReport, canReportMember } from '../../../shared/policies/members.js';
import type { AppContext } from '../../context.js';
import { memberReports } from '../../db/schema/member-reports.js';
import { users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import { findActivity } from '../users/users.queries.js';
import { loadUser } from '../users/users.service.js';
import { suspendMember, warnMember } from './moderation.js';

/** A member reports another member to the admins, once per member reported. */
export async function reportMember(
  ctx: AppContext,
  reporter: Actor,
  memberId: string,
  input: ReportMember,
): Promise<{ id: number; status: string }> {
  enforce(canReportMember(reporter, memberId));
  const member = await loadUser(ctx, memberId);
  try {
    return await transact(ctx.db, async (tx) => {
      const [created] = await tx
        .insert(memberReports)
        .values({
          reporterId: reporter.id,
          memberId: member.id,
          reason: input.reason,
          description: input.description,
        })
        .returning({ id: memberReports.id, status: memberReports.status });
      if (!created) throw new Error('member report insert returned nothing');
      await ctx.hooks.emit(tx, 'report.filed', {
        kind: 'member',
        memberId: member.id,
        reason: input.reason,
        description: input.description ?? null,
      });
      return created;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'member_reports_reporter_member_idx')
      throw new AppError(409, 'You have already reported this member');
    throw error;
  }
}

const reporters = alias(users, 'reporters');

/** The admin's queue: pending first, then the newest; each with the reported member's activity. */
export async function findMemberReports(ctx: AppContext, actor: Actor) {
  enforce(canHandleMemberReport(actor));
  const rows = await ctx.db
    .select({ report: memberReports, member: users, reporter: reporters })
    .from(memberReports)
    .innerJoin(users, eq(users.id, memberReports.memberId))
    .innerJoin(reporters, eq(reporters.id, memberReports.reporterId))
    .orderBy(desc(eq(memberReports.status, 'pending')), desc(memberReports.createdAt))
    .limit(200);
  const memberIds = [...new Set(rows.map((row) => row.member.id))];
  const counts = memberIds.length
    ? await ctx.db
        .select({ memberId: memberReports.memberId, n: count() })
        .from(memberReports)
        .where(inArray(memberReports.memberId, memberIds))
        .groupBy(memberReports.memberId)
    : [];
  const activity = new Map(
    await Promise.all(memberIds.map(async (id) => [id, await findActivity(ctx.db, id)] as const)),
  );
  return rows.map((row) => ({
    ...row,
    reportsAgainstMember: counts.find((c) => c.memberId === row.member.id)?.n ?? 0,
    activity: activity.get(row.member.id) ?? { listed: [], swapped: [], rated: [] },
  }));
}

export type MemberReportRow = Awaited<ReturnType<typeof findMemberReports>>[number];

/**
 * An admin acts on a pending report: a warning (a notification, emailed per the member's
 * settings), a suspension (sessions and live streams ended, push devices forgotten, sign-in
 * refused, listings hidden), or a dismissal.
 */
export async function handleMemberReport(
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: HandleMemberReport,
): Promise<{ id: number; status: string }> {
  enforce(canHandleMemberReport(admin));
  const status = { warn: 'warned', suspend: 'suspended', dismiss: 'dismissed' }[input.action];
  const handled = await transact(ctx.db, async (tx) => {
    const [report] = await tx
      .update(memberReports)
      .set({ status, handledBy: admin.id, handledAt: sql`now()` })
      .where(and(eq(memberReports.id, id), eq(memberReports.status, 'pending')))
      .returning();
    if (!report) return null;
    if (input.action === 'warn') {
      const known = (MEMBER_REPORT_REASONS as readonly string[]).includes(report.reason);
      const reasonId =
        `notify.reportReason.${known ? (report.reason as MemberReportReason) : 'unknown'}` as const;
      const note = input.message;
      await warnMember(ctx, tx, {
        memberId: report.memberId,
        text: (t) =>
          note
            ? t._('notify.warnedReportNote', { reason: t._(reasonId), note })
            : t._('notify.warnedReport', { reason: t._(reasonId) }),
        subjectKey: `member-report:${report.id}`,
      });
    }
    if (input.action === 'suspend') await suspendMember(ctx, tx, report.memberId);
    return report;
  });
  if (!handled) {
    const [exists] = await ctx.db
      .select({ id: memberReports.id })
      .from(memberReports)
      .where(eq(memberReports.id, id));
    throw exists
      ? new AppError(409, 'This report was already handled')
      : new AppError(404, 'Report not found');
  }
  return { id: handled.id, status: handled.status };
}
