import { CheckCircle2, Lock } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { messages as englishAuthMessages } from '../../../shared/i18n/compiled/en.auth';
import { Card } from '../../components/ui/card';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useSiteConfig } from '../../features/site/api/site-config';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

// The sign-in screens' English words come with them, not with every page (client/lib/i18n.ts).
addMessages('auth', englishAuthMessages);

const BULLETS = [
  'auth.bullet.free',
  'auth.bullet.direct',
  'auth.bullet.chat',
  'auth.bullet.trust',
] as const;

export function AuthPage() {
  const { isSignedIn } = useCurrentUser();
  const { siteName } = useSiteConfig();
  const { _ } = useI18n();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode') === 'register' ? 'register' : 'signin';
  const setMode = (next: string) =>
    setParams(next === 'register' ? { mode: 'register' } : {}, { replace: true });

  if (isSignedIn) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-16">
      <section className="order-2 lg:order-1">
        <h1 className="text-3xl font-bold sm:text-4xl">{_('auth.welcome', { siteName })}</h1>
        <p className="mt-3 text-lg text-muted">{_('auth.intro')}</p>
        <ul className="mt-6 flex flex-col gap-3">
          {BULLETS.map((bullet) => (
            <li key={bullet} className="flex items-start gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
              <span>{_(bullet)}</span>
            </li>
          ))}
        </ul>
        <aside className="mt-8 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <Lock className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <strong>{_('auth.safeTitle')}</strong> {_('auth.safeText')}
          </p>
        </aside>
      </section>

      <Card className="order-1 p-5 sm:p-8 lg:order-2">
        <Tabs value={mode} onValueChange={setMode}>
          <TabList label={_('auth.tabs')} layout="fill">
            <Tab value="signin">{_('auth.signInTab')}</Tab>
            <Tab value="register">{_('auth.registerTab')}</Tab>
          </TabList>
          <TabPanel value="signin">
            <SignInForm />
          </TabPanel>
          <TabPanel value="register">
            <RegisterForm onSwitchToSignIn={() => setMode('signin')} />
          </TabPanel>
        </Tabs>
      </Card>
    </div>
  );
}
