import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PROBLEM_NOTE_MAX_LENGTH } from '../../../../shared/limits';
import { PROBLEM_REASON_LABELS } from '../../../../shared/problem-reasons';
import type {
  ProblemAction,
  ProblemEntry,
  ProblemResolution,
  ProblemSide,
} from '../../../../shared/problems';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { displayName, formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { adminApi, useAdminAction, useProblems } from '../api/admin';
import { ModerationRow } from './moderation-row';

const STATUS_TONES = { open: 'amber', upheld: 'red', dismissed: 'neutral' } as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One member's side: who they are, how they trade, and the problems they had before. */
function SideHistory({ label, side }: { label: string; side: ProblemSide }) {
  const { user, reliability: r } = side;
  return (
    <section aria-label={`${label}: ${displayName(user)}`} className="rounded-lg bg-stone-50 p-3">
      <h4 className="text-xs font-bold uppercase tracking-wide text-muted">{label}</h4>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <Link to={`/profile/${user.id}`} className="hover:underline">
          {displayName(user)}
        </Link>
        {user.suspended && <Badge tone="red">Suspended</Badge>}
      </p>
      <p className="break-all text-sm text-muted">{user.email}</p>
      <ul className="mt-1 text-sm">
        <li>
          {plural(r.completedSwaps, 'completed swap')}, {plural(r.completedCircles, 'circle')}
        </li>
        <li>
          {r.responseRate === null
            ? 'No offers to answer lately'
            : `Answers ${r.responseRate}% of offers`}
        </li>
        <li>
          Earlier problems about them: {side.earlierProblemsAgainst} ({side.earlierUpheldAgainst}{' '}
          upheld)
        </li>
        <li>Earlier problems they raised: {side.earlierProblemsRaised}</li>
      </ul>
    </section>
  );
}

/** Upheld or dismissed, a note, and for an upheld problem a warning or a suspension. */
function ResolveDialog({ problem }: { problem: ProblemEntry }) {
  const [open, setOpen] = useState(false);
  const [resolution, setResolution] = useState<ProblemResolution>('upheld');
  const [action, setAction] = useState<ProblemAction | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const resolve = useAdminAction(adminApi.resolveProblem);
  const ids = { note: useId(), action: useId(), error: useId(), legend: useId() };
  const member = displayName(problem.member.user);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      await resolve.mutateAsync({
        id: problem.id,
        resolution,
        note: note.trim() || null,
        action: resolution === 'upheld' && action ? action : null,
      });
      toast.success(resolution === 'upheld' ? 'Problem upheld' : 'Problem dismissed');
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The problem could not be resolved');
    }
  };

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Resolve
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Resolve the problem about ${member}`}
        description="The member who reported it is told the outcome and your note; a warning sends your note to the member it is about too."
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <fieldset>
            <legend id={ids.legend} className="mb-1.5 text-sm font-medium">
              Resolution
            </legend>
            <div role="radiogroup" aria-labelledby={ids.legend} className="flex flex-wrap gap-4">
              {(['upheld', 'dismissed'] as const).map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`resolution-${problem.id}`}
                    value={value}
                    checked={resolution === value}
                    onChange={() => setResolution(value)}
                    className="size-4 accent-brand-700"
                  />
                  {value === 'upheld' ? 'Upheld' : 'Dismissed'}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={ids.action} className="mb-1.5 block text-sm font-medium">
              Action on {member}
            </label>
            <select
              id={ids.action}
              value={resolution === 'upheld' ? action : ''}
              disabled={resolution !== 'upheld'}
              onChange={(e) => setAction(e.target.value as ProblemAction | '')}
              className={inputClass}
            >
              <option value="">No action</option>
              <option value="warn">Warn</option>
              <option value="suspend">Suspend</option>
            </select>
          </div>
          <div>
            <label htmlFor={ids.note} className="mb-1.5 block text-sm font-medium">
              Note (optional)
            </label>
            <textarea
              id={ids.note}
              rows={3}
              maxLength={PROBLEM_NOTE_MAX_LENGTH}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={cn(inputClass, 'h-auto py-2')}
            />
          </div>
          <FormAlert id={ids.error}>{error}</FormAlert>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={resolve.isPending}>
              Save resolution
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

function ProblemRow({ problem }: { problem: ProblemEntry }) {
  const about = problem.circleId
    ? `circle #${problem.circleId}`
    : `offer #${problem.swapRequestId}`;
  const actions =
    problem.status === 'open' ? (
      <ResolveDialog problem={problem} />
    ) : (
      <Badge tone={STATUS_TONES[problem.status]}>
        {problem.status}
        {problem.action ? ` · ${problem.action === 'warn' ? 'warned' : 'suspended'}` : ''}
      </Badge>
    );
  return (
    <ModerationRow actions={actions}>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        {PROBLEM_REASON_LABELS[problem.reason]}
        <span className="font-normal text-muted">— {about}</span>
      </p>
      <p className="text-sm text-muted">
        {displayName(problem.reporter.user)} about {displayName(problem.member.user)},{' '}
        {formatDate(problem.createdAt)}
      </p>
      <p className="mt-1 whitespace-pre-line break-words">{problem.message}</p>
      {problem.resolutionNote && (
        <p className="mt-1 text-sm text-muted">Note: {problem.resolutionNote}</p>
      )}
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        <SideHistory label="Reported by" side={problem.reporter} />
        <SideHistory label="About" side={problem.member} />
      </div>
    </ModerationRow>
  );
}

/** Problems members reported after swaps: open ones to resolve, then the resolved. */
export function ProblemsTab() {
  const list = useProblems(true);
  if (list.isPending) return <LoadingScreen />;
  if (list.isError) {
    return (
      <p role="alert" className="text-danger">
        The problems could not be loaded.
      </p>
    );
  }
  const open = list.data.filter((problem) => problem.status === 'open');
  const resolved = list.data.filter((problem) => problem.status !== 'open');
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="open-problems">
        <h3 id="open-problems" className="mb-2 text-lg font-bold">
          Open problems ({open.length})
        </h3>
        <ul className="flex flex-col gap-3">
          {open.map((problem) => (
            <ProblemRow key={problem.id} problem={problem} />
          ))}
        </ul>
        {open.length === 0 && <p className="text-muted">No open problems. All quiet.</p>}
      </section>
      {resolved.length > 0 && (
        <section aria-labelledby="resolved-problems">
          <h3 id="resolved-problems" className="mb-2 text-lg font-bold">
            Resolved
          </h3>
          <ul className="flex flex-col gap-3">
            {resolved.map((problem) => (
              <ProblemRow key={problem.id} problem={problem} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
