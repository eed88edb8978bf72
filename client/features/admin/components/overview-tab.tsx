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
  VERIFICATION_FEE_POUNDS,
  visitorLabel,
} from '../../../../shared/admin-display';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useVisitorAnalytics } from '../api/admin';
import { DailyVisitsChart } from './daily-visits-chart';

const numbers = new Intl.NumberFormat('en-GB');
const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

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
  const a = analytics.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard icon={Users} label="Total users" value={numbers.format(stats.totalUsers)} />
        <StatCard
          icon={BadgeCheck}
          label="Premium members (verified)"
          value={numbers.format(stats.totalMembers)}
        />
        <StatCard icon={Package} label="Listed items" value={numbers.format(stats.totalItems)} />
        <StatCard
          icon={Handshake}
          label="Completed swaps"
          value={numbers.format(stats.totalSwaps)}
        />
        <StatCard icon={Eye} label="Visits (24h)" value={numbers.format(stats.recentVisits)} />
        <StatCard
          icon={PoundSterling}
          label="Estimated revenue"
          value={pounds.format(stats.totalMembers * VERIFICATION_FEE_POUNDS)}
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 text-lg font-bold">Daily visits (7 days)</h2>
          <DailyVisitsChart days={stats.dailyVisits} />
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-bold">Visitor analytics</h2>
          {a ? (
            <>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                {[
                  ['Unique IP addresses', a.uniqueIPAddresses],
                  ['Total page views', a.totalPageViews],
                  ['Registered visitors', a.uniqueRegisteredUsers],
                  ['Anonymous visits', a.anonymousVisits],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-xl bg-stone-50 p-3">
                    <dt className="text-muted">{label}</dt>
                    <dd className="text-xl font-bold">{numbers.format(Number(value))}</dd>
                  </div>
                ))}
              </dl>
              <h3 className="mb-2 mt-5 font-semibold">Top visitor IPs</h3>
              <table className="w-full text-left text-sm">
                <thead className="text-muted">
                  <tr>
                    <th className="py-1 font-medium">IP address</th>
                    <th className="py-1 font-medium">Visits</th>
                    <th className="py-1 font-medium">Pages</th>
                    <th className="py-1 font-medium">Type</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {a.topVisitorIPs.map((ip) => (
                    <tr key={ip.ipAddress}>
                      <td className="py-1.5 font-mono">{ip.ipAddress}</td>
                      <td>{numbers.format(ip.visitCount)}</td>
                      <td>{ip.uniquePagesVisited}</td>
                      <td>
                        <Badge tone={ip.visitCount > 1000 ? 'red' : 'neutral'}>
                          {visitorLabel(ip.visitCount)}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p className="text-muted">Loading...</p>
          )}
        </Card>
      </div>

      <Card>
        <h2 className="mb-4 text-lg font-bold">Quick actions</h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => queryClient.invalidateQueries({ queryKey: ['/api/admin'] })}
          >
            <RefreshCw className="size-4" aria-hidden /> Refresh
          </Button>
          <Button asChild variant="outline">
            <a href="/api/items" target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden /> Open items API
            </a>
          </Button>
          {EXPORT_KINDS.map((kind) => (
            <Button key={kind} asChild variant="outline">
              <a href={`/api/admin/export/${kind}`} download>
                <Download className="size-4" aria-hidden /> Export {kind} (CSV)
              </a>
            </Button>
          ))}
        </div>
      </Card>
    </div>
  );
}
