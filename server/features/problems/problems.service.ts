import { and, eq, sql } from 'drizzle-orm';
import { CIRCLE_NOT_FOUND } from '../../../shared/policies/circles.js';
import { type Actor, canModerate } from '../../../shared/policies/decision.js';
import {
  canReportProblem,
  PROBLEM_ALREADY,
  type ProblemSubject,
} from '../../../shared/policies/problems.js';
import { SWAP_NOT_FOUND } from '../../../shared/policies/swaps.js';
import type { ProblemReason } from '../../../shared/problem-reasons.js';
import type { ReportProblem, ResolveProblem } from '../../../shared/problems.js';
import type { AppContext } from '../../context.js';
import { problems, swapMilestones } from '../../db/schema/problems.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import { findCircleRecord } from '../circles/circles.queries.js';
import { named } from '../notifications/notification-words.js';
import { notify } from '../notifications/notify.js';
import { suspendMember, warnMember } from '../reports/moderation.js';
import { nameOrNull } from '../users/member-name.js';

/** An offer or a circle, its facts for the policy, and whom a party's problem is about. */
type Subject = {
  kind: 'swap' | 'circle';
  id: number;
  facts: ProblemSubject;
  memberOf: (reporterId: string) => string;
};

/** An offer as the problems policy sees it; an unknown id is any outsider's 404. */
async function swapSubject(ctx: AppContext, id: number): Promise<Subject> {
  const [row] = await ctx.db
    .select({
      fromUserId: swapRequests.fromUserId,
      toUserId: swapRequests.toUserId,
      acceptedAt: swapMilestones.acceptedAt,
      completedAt: swapMilestones.completedAt,
    })
    .from(swapRequests)
    .leftJoin(swapMilestones, eq(swapMilestones.swapRequestId, swapRequests.id))
    .where(eq(swapRequests.id, id));
  const partyIds = row ? [row.fromUserId, row.toUserId] : [];
  return {
    kind: 'swap',
    id,
    facts: {
      partyIds,
      acceptedAt: row?.acceptedAt ?? null,
      completedAt: row?.completedAt ?? null,
      notFound: SWAP_NOT_FOUND,
    },
    memberOf: (reporterId) =>
      (row?.fromUserId === reporterId ? row.toUserId : row?.fromUserId) ?? '',
  };
}

/**
 * A circle as the problems policy sees it. The problem is about the member who gives the
 * reporter their listing: what did not arrive, or was not as described, came from them.
 */
async function circleSubject(ctx: AppContext, id: number): Promise<Subject> {
  const record = await findCircleRecord(ctx.db, id);
  const circle = record?.circle;
  return {
    kind: 'circle',
    id,
    facts: {
      partyIds: record?.legs.map((leg) => leg.giverId) ?? [],
      acceptedAt: circle?.acceptedAt ?? null,
      completedAt: circle?.status === 'completed' ? circle.closedAt : null,
      notFound: CIRCLE_NOT_FOUND,
    },
    memberOf: (reporterId) =>
      record?.legs.find((leg) => leg.receiverId === reporterId)?.giverId ?? '',
  };
}

async function reportProblem(
  ctx: AppContext,
  reporter: Actor,
  subject: Subject,
  input: ReportProblem,
): Promise<{ id: number; status: string }> {
  enforce(canReportProblem(reporter, subject.facts, input.reason, new Date()));
  const memberId = subject.memberOf(reporter.id);
  try {
    return await transact(ctx.db, async (tx) => {
      const [created] = await tx
        .insert(problems)
        .values({
          reporterId: reporter.id,
          memberId,
          ...(subject.kind === 'swap' ? { swapRequestId: subject.id } : { circleId: subject.id }),
          reason: input.reason,
          message: input.message,
        })
        .returning({ id: problems.id, status: problems.status });
      if (!created) throw new Error('problem insert returned nothing');
      // The member it is about hears of it at once, and is pointed to the chat they share with
      // the reporter: that is where they answer (the admins read both sides there too).
      const link = subject.kind === 'swap' ? '/my-offers' : `/circles/${subject.id}`;
      const actor = await nameOrNull(tx, reporter.id);
      await notify(ctx, tx, {
        recipientId: memberId,
        type: 'problem',
        // In the member's language (notify.ts); the words name the chat they share.
        text: (t) =>
          t._(`notify.problemReported.${subject.kind === 'swap' ? 'swap' : 'circle'}`, {
            actor: named(t, actor),
            reason: t._(`notify.problemReason.${input.reason}`),
          }),
        link,
        subjectKey: `problem:${created.id}`,
        actorId: reporter.id,
      });
      return created;
    });
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === 'problems_swap_reporter_idx' || index === 'problems_circle_reporter_idx')
      throw new AppError(409, PROBLEM_ALREADY);
    throw error;
  }
}

/** POST /api/swap-requests/:id/problem */
export async function reportSwapProblem(
  ctx: AppContext,
  reporter: Actor,
  id: number,
  input: ReportProblem,
) {
  return reportProblem(ctx, reporter, await swapSubject(ctx, id), input);
}

/** POST /api/circles/:id/problem */
export async function reportCircleProblem(
  ctx: AppContext,
  reporter: Actor,
  id: number,
  input: ReportProblem,
) {
  return reportProblem(ctx, reporter, await circleSubject(ctx, id), input);
}

/**
 * An admin resolves an open problem: upheld or dismissed, with a note, and for an upheld one
 * optionally a warning or a suspension of the member it is about (the same measures as for
 * reports on members). The reporter hears the outcome.
 */
export async function resolveProblem(
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: ResolveProblem,
): Promise<{ id: number; status: string }> {
  enforce(canModerate(admin));
  const resolved = await transact(ctx.db, async (tx) => {
    const [problem] = await tx
      .update(problems)
      .set({
        status: input.resolution,
        resolutionNote: input.note,
        action: input.action,
        handledBy: admin.id,
        handledAt: sql`now()`,
      })
      .where(and(eq(problems.id, id), eq(problems.status, 'open')))
      .returning();
    if (!problem) return null;
    const reasonId = `notify.problemReason.${problem.reason as ProblemReason}` as const;
    const note = input.note;
    if (input.action === 'warn') {
      await warnMember(ctx, tx, {
        memberId: problem.memberId,
        text: (t) =>
          note
            ? t._('notify.warnedProblemNote', { reason: t._(reasonId), note })
            : t._('notify.warnedProblem', { reason: t._(reasonId) }),
        subjectKey: `problem:${problem.id}`,
      });
    }
    if (input.action === 'suspend') await suspendMember(ctx, tx, problem.memberId);
    await notify(ctx, tx, {
      recipientId: problem.reporterId,
      type: 'problem',
      text: (t) => {
        const upheld = input.resolution === 'upheld';
        if (!note) return t._(upheld ? 'notify.problemUpheld' : 'notify.problemDismissed');
        return t._(upheld ? 'notify.problemUpheldNote' : 'notify.problemDismissedNote', { note });
      },
      link: problem.circleId ? `/circles/${problem.circleId}` : '/my-offers',
      subjectKey: `problem-resolved:${problem.id}`,
    });
    return problem;
  });
  if (!resolved) {
    const [exists] = await ctx.db
      .select({ id: problems.id })
      .from(problems)
      .where(eq(problems.id, id));
    throw exists
      ? new AppError(409, 'This problem was already resolved')
      : new AppError(404, 'Problem not found');
  }
  return { id: resolved.id, status: resolved.status };
}
