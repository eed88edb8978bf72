import { useId, useState } from 'react';
import { Link } from 'react-router';
import { WARNING_MESSAGE_MAX_LENGTH } from '../../../../shared/limits';
import type { MemberReportEntry } from '../../../../shared/member-reports';
import { MEMBER_REPORT_REASON_LABELS } from '../../../../shared/report-reasons';
import type { Activity } from '../../../../shared/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { displayName, formatDate } from '../../../lib/format';
import { adminApi, useMemberReports } from '../api/admin';
import { useModeration } from '../moderation';
import { ModerationRow } from './moderation-row';

const STATUS_TONES = {
  pending: 'amber',
  warned: 'yellow',
  suspended: 'red',
  dismissed: 'neutral',
} as const;

function activityText(event: Activity): string {
  if (event.type === 'listed') return `Listed “${event.item.title}”`;
  if (event.type === 'swap-completed')
    return event.item ? `Completed a swap for “${event.item.title}”` : 'Completed a swap';
  return `Received ${event.rating}★ from ${event.from.name}`;
}

type Handle = (input: {
  id: number;
  action: 'warn' | 'suspend' | 'dismiss';
  message?: string;
}) => Promise<boolean>;

function WarnButton({ report, handle }: { report: MemberReportEntry; handle: Handle }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const id = useId();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Warn
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Warn ${displayName(report.member)}`}
        description="The member gets a notification and an email with your words."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await handle({ id: report.id, action: 'warn', message })) setOpen(false);
          }}
        >
          <div>
            <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
              Message to the member (optional)
            </label>
            <textarea
              id={id}
              rows={3}
              maxLength={WARNING_MESSAGE_MAX_LENGTH}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              className={cn(inputClass, 'h-auto py-2')}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Send warning</Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

function MemberReportRow({ report, handle }: { report: MemberReportEntry; handle: Handle }) {
  const member = report.member;
  const name = displayName(member);
  const actions =
    report.status === 'pending' ? (
      <>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void handle({ id: report.id, action: 'dismiss' })}
        >
          Dismiss
        </Button>
        <WarnButton report={report} handle={handle} />
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm">
              Suspend
            </Button>
          }
          title={`Suspend ${name}?`}
          text="They can no longer sign in, and their listings cannot change hands until the suspension is lifted."
          confirmLabel="Suspend member"
          onConfirm={() => void handle({ id: report.id, action: 'suspend' })}
        />
      </>
    ) : (
      <Badge tone={STATUS_TONES[report.status as keyof typeof STATUS_TONES] ?? 'neutral'}>
        {report.status}
      </Badge>
    );
  return (
    <ModerationRow actions={actions}>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <Link to={`/profile/${member.id}`} className="hover:underline">
          {name}
        </Link>
        <span className="font-normal text-muted">
          — {MEMBER_REPORT_REASON_LABELS[report.reason]}
        </span>
        {member.suspended && <Badge tone="red">Suspended</Badge>}
      </p>
      <p className="break-all text-sm text-muted">{member.email}</p>
      <p className="text-sm text-muted">
        Reported by {displayName(report.reporter)} on {formatDate(report.createdAt)} ·{' '}
        {report.reportsAgainstMember === 1
          ? 'the only report on this member'
          : `${report.reportsAgainstMember} reports on this member`}
      </p>
      {report.description && <p className="mt-1 whitespace-pre-line">{report.description}</p>}
      {report.recentActivity.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">
            Recent activity ({report.recentActivity.length})
          </summary>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {report.recentActivity.map((event) => (
              <li key={`${event.type}-${event.at}`}>
                {activityText(event)}, {formatDate(event.at)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </ModerationRow>
  );
}

/** The member-report queue: warn, suspend or dismiss, each pending report once. */
export function MemberReportsTab() {
  const list = useMemberReports(true);
  const handle = useModeration(
    adminApi.handleMemberReport,
    'Report handled',
    'Failed to handle report',
  );
  if (list.isPending) return <LoadingScreen />;
  if (list.isError) {
    return (
      <p role="alert" className="text-danger">
        The member reports could not be loaded.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((report) => (
        <MemberReportRow key={report.id} report={report} handle={handle} />
      ))}
      {list.data.length === 0 && <p className="text-muted">No reports on members. All quiet.</p>}
    </ul>
  );
}
