import { useId, useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import type { Translate } from '../../../../shared/i18n/translator';
import { WARNING_MESSAGE_MAX_LENGTH } from '../../../../shared/limits';
import type { MemberReportEntry } from '../../../../shared/member-reports';
import type { Activity } from '../../../../shared/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { adminApi, useMemberReports } from '../api/admin';
import { useModeration } from '../moderation';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

const STATUS_TONES = {
  pending: 'amber',
  warned: 'yellow',
  suspended: 'red',
  dismissed: 'neutral',
} as const;

function activityText(_: Translate, event: Activity): string {
  if (event.type === 'listed') return _('admin.memberReports.listed', { title: event.item.title });
  if (event.type === 'swap-completed')
    return event.item
      ? _('admin.memberReports.swappedFor', { title: event.item.title })
      : _('admin.memberReports.swapped');
  return _('admin.memberReports.rated', { rating: event.rating, name: event.from.name });
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
  const { _ } = useI18n();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {_('admin.warn')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={_('admin.memberReports.warnTitle', { name: displayName(report.member) })}
        description={_('admin.memberReports.warnLead')}
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
              {_('admin.memberReports.warnMessage')}
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
              {_('admin.cancel')}
            </Button>
            <Button type="submit">{_('admin.memberReports.sendWarning')}</Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

function MemberReportRow({ report, handle }: { report: MemberReportEntry; handle: Handle }) {
  const member = report.member;
  const name = displayName(member);
  const { _, locale } = useI18n();
  const actions =
    report.status === 'pending' ? (
      <>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void handle({ id: report.id, action: 'dismiss' })}
        >
          {_('admin.dismiss')}
        </Button>
        <WarnButton report={report} handle={handle} />
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm">
              {_('admin.suspend')}
            </Button>
          }
          title={_('admin.memberReports.suspendTitle', { name })}
          text={_('admin.memberReports.suspendText')}
          confirmLabel={_('admin.memberReports.suspendConfirm')}
          onConfirm={() => void handle({ id: report.id, action: 'suspend' })}
        />
      </>
    ) : (
      <Badge tone={STATUS_TONES[report.status as keyof typeof STATUS_TONES] ?? 'neutral'}>
        {_('admin.memberReports.status', { status: report.status })}
      </Badge>
    );
  return (
    <ModerationRow actions={actions}>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <Link to={`/profile/${member.id}`} className="hover:underline">
          {name}
        </Link>
        <span className="font-normal text-muted">
          {_('admin.memberReports.reason', { reason: report.reason })}
        </span>
        {member.suspended && <Badge tone="red">{_('admin.suspended')}</Badge>}
      </p>
      <p className="break-all text-sm text-muted">{member.email}</p>
      <p className="text-sm text-muted">
        {_('admin.memberReports.line', {
          name: displayName(report.reporter),
          date: formatDate(report.createdAt, locale),
          count: report.reportsAgainstMember,
        })}
      </p>
      {report.description && <p className="mt-1 whitespace-pre-line">{report.description}</p>}
      {report.recentActivity.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">
            {_('admin.memberReports.activity', { count: report.recentActivity.length })}
          </summary>
          <ul className="mt-1 list-disc ps-5 text-muted">
            {report.recentActivity.map((event) => (
              <li key={`${event.type}-${event.at}`}>
                {_('admin.memberReports.activityAt', {
                  activity: activityText(_, event),
                  date: formatDate(event.at, locale),
                })}
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
  const { _ } = useI18n();
  const handle = useModeration(
    adminApi.handleMemberReport,
    _('admin.memberReports.handled'),
    _('admin.memberReports.handleFailed'),
  );
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
  if (list.isError) {
    return (
      <p role="alert" className="text-danger">
        {_('admin.memberReports.loadFailed')}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((report) => (
        <MemberReportRow key={report.id} report={report} handle={handle} />
      ))}
      {list.data.length === 0 && <p className="text-muted">{_('admin.memberReports.none')}</p>}
    </ul>
  );
}
