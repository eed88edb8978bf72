import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { PROBLEM_NOTE_MAX_LENGTH } from '../../../../shared/limits';
import type { ProblemReason } from '../../../../shared/problem-reasons';
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
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { adminApi, useAdminAction, useProblems } from '../api/admin';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

const STATUS_TONES = { open: 'amber', upheld: 'red', dismissed: 'neutral' } as const;

/** Each reason's key in the catalog's select (ICU keys are words, the stored values have dashes). */
const REASON_KEYS: Record<ProblemReason, string> = {
  'not-received': 'notReceived',
  'not-as-described': 'notAsDescribed',
  'no-show': 'noShow',
  other: 'other',
};

/** One member's side: who they are, how they trade, and the problems they had before. */
function SideHistory({ side: which, of: side }: { side: 'reporter' | 'member'; of: ProblemSide }) {
  const { user, reliability: r } = side;
  const { _ } = useI18n();
  const label = _('admin.problems.side', { side: which });
  return (
    <section
      aria-label={_('admin.problems.sideOf', { side: label, name: displayName(user) })}
      className="rounded-lg bg-stone-50 p-3"
    >
      <h4 className="text-xs font-bold uppercase tracking-wide text-muted">{label}</h4>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <Link to={`/profile/${user.id}`} className="hover:underline">
          {displayName(user)}
        </Link>
        {user.suspended && <Badge tone="red">{_('admin.suspended')}</Badge>}
      </p>
      <p className="break-all text-sm text-muted">{user.email}</p>
      <ul className="mt-1 text-sm">
        <li>
          {_('admin.problems.trades', { swaps: r.completedSwaps, circles: r.completedCircles })}
        </li>
        <li>
          {r.responseRate === null
            ? _('admin.problems.noOffers')
            : _('admin.problems.answers', { rate: r.responseRate })}
        </li>
        <li>
          {_('admin.problems.earlierAgainst', {
            count: side.earlierProblemsAgainst,
            upheld: side.earlierUpheldAgainst,
          })}
        </li>
        <li>{_('admin.problems.earlierRaised', { count: side.earlierProblemsRaised })}</li>
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
  const { _ } = useI18n();

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
      toast.success(
        resolution === 'upheld' ? _('admin.problems.upheld') : _('admin.problems.dismissed'),
      );
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('admin.problems.resolveFailed'));
    }
  };

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {_('admin.resolve')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={_('admin.problems.resolveTitle', { name: member })}
        description={_('admin.problems.resolveLead')}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <fieldset>
            <legend id={ids.legend} className="mb-1.5 text-sm font-medium">
              {_('admin.problems.resolution')}
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
                  {_('admin.problems.outcome', { outcome: value })}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={ids.action} className="mb-1.5 block text-sm font-medium">
              {_('admin.problems.actionOn', { name: member })}
            </label>
            <select
              id={ids.action}
              value={resolution === 'upheld' ? action : ''}
              disabled={resolution !== 'upheld'}
              onChange={(e) => setAction(e.target.value as ProblemAction | '')}
              className={inputClass}
            >
              <option value="">{_('admin.problems.noAction')}</option>
              <option value="warn">{_('admin.warn')}</option>
              <option value="suspend">{_('admin.suspend')}</option>
            </select>
          </div>
          <div>
            <label htmlFor={ids.note} className="mb-1.5 block text-sm font-medium">
              {_('admin.problems.note')}
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
              {_('admin.cancel')}
            </Button>
            <Button type="submit" disabled={resolve.isPending}>
              {_('admin.problems.save')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

function ProblemRow({ problem }: { problem: ProblemEntry }) {
  const { _, locale } = useI18n();
  const about = problem.circleId
    ? _('admin.problems.about', { kind: 'circle', id: problem.circleId })
    : _('admin.problems.about', { kind: 'offer', id: problem.swapRequestId });
  const actions =
    problem.status === 'open' ? (
      <ResolveDialog problem={problem} />
    ) : (
      <Badge tone={STATUS_TONES[problem.status]}>
        {_('admin.problems.status', { status: problem.status, action: problem.action })}
      </Badge>
    );
  return (
    <ModerationRow actions={actions}>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        {_('admin.problems.reason', { reason: REASON_KEYS[problem.reason] })}
        <span className="font-normal text-muted">{about}</span>
      </p>
      <p className="text-sm text-muted">
        {_('admin.problems.line', {
          reporter: displayName(problem.reporter.user),
          member: displayName(problem.member.user),
          date: formatDate(problem.createdAt, locale),
        })}
      </p>
      <p className="mt-1 whitespace-pre-line break-words">{problem.message}</p>
      {problem.resolutionNote && (
        <p className="mt-1 text-sm text-muted">
          {_('admin.problems.noteShown', { note: problem.resolutionNote })}
        </p>
      )}
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        <SideHistory side="reporter" of={problem.reporter} />
        <SideHistory side="member" of={problem.member} />
      </div>
    </ModerationRow>
  );
}

/** Problems members reported after swaps: open ones to resolve, then the resolved. */
export function ProblemsTab() {
  const list = useProblems(true);
  const { _ } = useI18n();
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
  if (list.isError) {
    return (
      <p role="alert" className="text-danger">
        {_('admin.problems.loadFailed')}
      </p>
    );
  }
  const open = list.data.filter((problem) => problem.status === 'open');
  const resolved = list.data.filter((problem) => problem.status !== 'open');
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="open-problems">
        <h3 id="open-problems" className="mb-2 text-lg font-bold">
          {_('admin.problems.open', { count: open.length })}
        </h3>
        <ul className="flex flex-col gap-3">
          {open.map((problem) => (
            <ProblemRow key={problem.id} problem={problem} />
          ))}
        </ul>
        {open.length === 0 && <p className="text-muted">{_('admin.problems.noneOpen')}</p>}
      </section>
      {resolved.length > 0 && (
        <section aria-labelledby="resolved-problems">
          <h3 id="resolved-problems" className="mb-2 text-lg font-bold">
            {_('admin.problems.resolved')}
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
