import type { Actor } from '../../../shared/policies/decision.js';
import { canModerate } from '../../../shared/policies/decision.js';
import type { ProblemEntry, ProblemSide } from '../../../shared/problems.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/users.js';
import { enforce } from '../../errors.js';
import { findReliability } from '../users/reliability.js';
import { presentCurrentUser } from '../users/user.presenter.js';
import { findEarlierProblems, findProblemQueue } from './problems.queries.js';

/**
 * GET /api/admin/problems: open first, then the newest; each side with what an admin weighs a
 * problem by: their reliability (answers, completed swaps and circles, problems about them), and
 * their earlier problems, raised and received.
 */
export async function listProblems(ctx: AppContext, admin: Actor): Promise<ProblemEntry[]> {
  enforce(canModerate(admin));
  const rows = await findProblemQueue(ctx.db);
  const side = async (user: UserRow, problemId: number): Promise<ProblemSide> => {
    const { updatedAt: _updatedAt, ...view } = presentCurrentUser(user);
    return {
      user: { ...view, suspended: user.suspendedAt !== null },
      reliability: await findReliability(ctx.db, user.id),
      ...(await findEarlierProblems(ctx.db, user.id, problemId)),
    };
  };
  return Promise.all(
    rows.map(async ({ problem, member, reporter }) => ({
      id: problem.id,
      swapRequestId: problem.swapRequestId,
      circleId: problem.circleId,
      reason: problem.reason as ProblemEntry['reason'],
      message: problem.message,
      status: problem.status as ProblemEntry['status'],
      resolutionNote: problem.resolutionNote,
      action: problem.action as ProblemEntry['action'],
      createdAt: problem.createdAt.toISOString(),
      handledAt: problem.handledAt?.toISOString() ?? null,
      reporter: await side(reporter, problem.id),
      member: await side(member, problem.id),
    })),
  );
}
