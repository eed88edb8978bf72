import { and, eq, sql } from 'drizzle-orm';
import { CIRCLE_NOT_FOUND } from '../../../shared/policies/circles.js';
import { type Actor, canModerate } from '../../../shared/policies/decision.js';
import {
  canReportProblem,
  PROBLEM_ALREADY,
  type ProblemSubject,
} from '../../../shared/policies/problems.js';
import { SWAP_NOT_FOUND } from '../../../shared/policies/swaps.js';
import {
  PROBLEM_REASON_LABELS,
  type ReportProblem,
  type ResolveProblem,
} from '../../../shared/problems.js';
import type { AppContext } from '../../context.js';
import { problems, swapMilestones } from '../../db/schema/problems.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import { findCircleRecord } from '../circles/circles.queries.js';
import { notify } from '../notifications/notify.js';
import { suspendMember, warnMember } from '../reports/moderation.js';
import { nameOf } from '../users/member-name.js';

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
      const where =
        subject.kind === 'swap'
          ? { link: '/my-offers', chat: "the offer's chat" }
          : { link: `/circles/${subject.id}`, chat: "the circle's chat" };
      await notify(ctx, tx, {
        recipientId: memberId,
        type: 'problem',
        text: `${await nameOf(tx, reporter.id)} reported a problem with your ${
          subject.kind === 'swap' ? 'swap' : 'circle'
        } (${PROBLEM_REASON_LABELS[input.reason].toLowerCase()}). You can answer in ${where.chat}; a moderator will look at it.`,
        link: where.link,
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
    const reason = PROBLEM_REASON_LABELS[problem.reason as keyof typeof PROBLEM_REASON_LABELS];
    if (input.action === 'warn') {
      await warnMember(ctx, tx, {
        memberId: problem.memberId,
        text: `A moderator warned you after a problem reported with a swap (${reason.toLowerCase()})${
          input.note ? `: ${input.note}` : '. Please follow the community guidelines.'
        }`,
        subjectKey: `problem:${problem.id}`,
      });
    }
    if (input.action === 'suspend') await suspendMember(ctx, tx, problem.memberId);
    await notify(ctx, tx, {
      recipientId: problem.reporterId,
      type: 'problem',
      text: `A moderator ${input.resolution === 'upheld' ? 'upheld' : 'dismissed'} the problem you reported${
        input.note ? `: ${input.note}` : '.'
      }`,
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
