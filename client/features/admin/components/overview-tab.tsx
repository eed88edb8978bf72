import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  Download,
  ExternalLink,
  Eye,
  Handshake,
  Package,
  PoundSterling,
  RefreshCw,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminStats } from '../../../../shared/admin';
import {
  EXPORT_KINDS,
  LIKELY_BOT_THRESHOLD,
  VERIFICATION_FEE_POUNDS,
} from '../../../../shared/admin-display';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { htmlLangOf, type Locale } from '../../../../shared/i18n/locales';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatCount } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useVisitorAnalytics } from '../api/admin';
import { DailyVisitsChart } from './daily-visits-chart';

addMessages('admin', englishMessages);

// The fee is in pounds whatever the language; each language writes the amount its own way.
const poundFormats = new Map<Locale, Intl.NumberFormat>();
const poundsIn = (locale: Locale) => {
  let format = poundFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(htmlLangOf(locale), { style: 'currency', currency: 'GBP' });
    poundFormats.set(locale, format);
  }
  return format;
};

function StatCard({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof Users;
  label: string;
  value: ReactNode;
}) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-muted">{label}</p>
        <p className="text-2xl font-bold">{value}</p>
      </div>
    </Card>
  );
}

export function OverviewTab({ stats }: { stats: AdminStats }) {
  const analytics = useVisitorAnalytics(true);
  const queryClient = useQueryClient();
  const { _, locale } = useI18n();
  const count = (n: number) => formatCount(n, locale);
  const a = analytics.data;
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label={_('admin.overview.totals')}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <StatCard icon={Users} label={_('admin.overview.users')} value={count(stats.totalUsers)} />
        <StatCard
          icon={BadgeCheck}
          label={_('admin.overview.members')}
          value={count(stats.totalMembers)}
        />
        <StatCard
          icon={Package}
          label={_('admin.overview.items')}
          value={count(stats.totalItems)}
        />
        <StatCard
          icon={Handshake}
          label={_('admin.overview.swaps')}
          value={count(stats.totalSwaps)}
        />
        <StatCard
          icon={Eye}
          label={_('admin.overview.recentVisits')}
          value={count(stats.recentVisits)}
        />
        <StatCard
          icon={PoundSterling}
          label={_('admin.overview.revenue')}
          value={poundsIn(locale).format(stats.totalMembers * VERIFICATION_FEE_POUNDS)}
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 text-lg font-bold">{_('admin.overview.dailyVisits')}</h2>
          <DailyVisitsChart days={stats.dailyVisits} />
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-bold">{_('admin.overview.analytics')}</h2>
          {a ? (
            <>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                {[
                  [_('admin.overview.uniqueIps'), a.uniqueIPAddresses],
                  [_('admin.overview.pageViews'), a.totalPageViews],
                  [_('admin.overview.registered'), a.uniqueRegisteredUsers],
                  [_('admin.overview.anonymous'), a.anonymousVisits],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-xl bg-stone-50 p-3">
                    <dt className="text-muted">{label}</dt>
                    <dd className="text-xl font-bold">{count(Number(value))}</dd>
                  </div>
                ))}
              </dl>
              <h3 className="mb-2 mt-5 font-semibold">{_('admin.overview.topIps')}</h3>
              <table className="w-full text-left text-sm">
                <thead className="text-muted">
                  <tr>
                    <th className="py-1 font-medium">{_('admin.overview.ip')}</th>
                    <th className="py-1 font-medium">{_('admin.visitsColumn')}</th>
                    <th className="py-1 font-medium">{_('admin.overview.pages')}</th>
                    <th className="py-1 font-medium">{_('admin.overview.type')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {a.topVisitorIPs.map((ip) => (
                    <tr key={ip.ipAddress}>
                      <td className="py-1.5 font-mono">{ip.ipAddress}</td>
                      <td>{count(ip.visitCount)}</td>
                      <td>{ip.uniquePagesVisited}</td>
                      <td>
                        <Badge tone={ip.visitCount > 1000 ? 'red' : 'neutral'}>
                          {_('admin.overview.visitor', {
                            kind: ip.visitCount > LIKELY_BOT_THRESHOLD ? 'bot' : 'heavy',
                          })}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p className="text-muted">{_('admin.loading')}</p>
          )}
        </Card>
      </div>

      <Card>
        <h2 className="mb-4 text-lg font-bold">{_('admin.overview.quickActions')}</h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => queryClient.invalidateQueries({ queryKey: ['/api/admin'] })}
          >
            <RefreshCw className="size-4" aria-hidden /> {_('admin.overview.refresh')}
          </Button>
          <Button asChild variant="outline">
            <a href="/api/items" target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden /> {_('admin.overview.itemsApi')}
            </a>
          </Button>
          {EXPORT_KINDS.map((kind) => (
            <Button key={kind} asChild variant="outline">
              <a href={`/api/admin/export/${kind}`} download>
                <Download className="size-4" aria-hidden /> {_('admin.overview.export', { kind })}
              </a>
            </Button>
          ))}
        </div>
      </Card>
    </div>
  );
}
