import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.account';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { useSiteConfig } from '../../features/site/api/site-config';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('account', englishMessages);

/** SPEC §4: /wallet and /membership redirect home after 5 seconds. */
export const MEMBERSHIP_REDIRECT_MS = 5000;

export function MembershipPage() {
  const { _ } = useI18n();
  const navigate = useNavigate();
  const { siteName } = useSiteConfig();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/'), MEMBERSHIP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Page narrow className="max-w-xl">
      <Card className="text-center">
        <PartyPopper className="mx-auto size-12 text-accent" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">{_('account.freeTitle', { siteName })}</h1>
        <p className="mt-3 text-lg text-muted">{_('account.freeText')}</p>
        <p className="mt-6 text-sm text-muted" role="status">
          {_('account.redirecting')}
        </p>
        <Button asChild className="mt-4">
          <Link to="/">{_('account.goNow')}</Link>
        </Button>
      </Card>
    </Page>
  );
}
