import { ExternalLink } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.member-home';
import type { MemberHome } from '../../../../shared/users';
import { formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ProfileReliability } from './profile-reliability';

addMessages('member-home', englishMessages);

/**
 * Issue 39 §3: a member of another community is judged by what their home reports, where their
 * offers and swaps happen, marked as such; this community's few dealings with them say little.
 */
export function HomeReliability({ home, createdAt }: { home: MemberHome; createdAt: string }) {
  const { _, locale } = useI18n();
  const { host } = home;
  return (
    <section aria-label={_('memberHome.label', { host })}>
      {home.reliability && home.reportedAt ? (
        <>
          <ProfileReliability reliability={home.reliability} createdAt={createdAt} />
          <p className="mt-1 text-xs text-muted">
            {_('memberHome.reported', { host, date: formatDate(home.reportedAt, locale) })}
          </p>
        </>
      ) : (
        <p className="mt-4 text-sm text-muted">{_('memberHome.notYet', { host })}</p>
      )}
      {home.profileUrl && (
        <a
          href={home.profileUrl}
          rel="noopener noreferrer"
          className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {_('memberHome.profileThere', { host })}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      )}
    </section>
  );
}
