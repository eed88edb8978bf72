import { CheckCircle2, Lock } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useSiteConfig } from '../../features/site/api/site-config';

const BULLETS = [
  'List as many items as you like, free',
  'Swap directly with people near you, no money involved',
  'Chat about every offer before you agree',
  'Ratings and verified members you can trust',
];

export function AuthPage() {
  const { isSignedIn } = useCurrentUser();
  const { siteName } = useSiteConfig();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode') === 'register' ? 'register' : 'signin';
  const setMode = (next: string) =>
    setParams(next === 'register' ? { mode: 'register' } : {}, { replace: true });

  if (isSignedIn) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-16">
      <section className="order-2 lg:order-1">
        <h1 className="text-3xl font-bold sm:text-4xl">Welcome to {siteName}</h1>
        <p className="mt-3 text-lg text-muted">
          Swap what you have for what you want, with people nearby.
        </p>
        <ul className="mt-6 flex flex-col gap-3">
          {BULLETS.map((bullet) => (
            <li key={bullet} className="flex items-start gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
        <aside className="mt-8 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <Lock className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <strong>Keep your credentials safe.</strong> We will never ask for your password by
            email, phone or message. Use a password you do not use anywhere else, and never share it
            with another member.
          </p>
        </aside>
      </section>

      <Card className="order-1 p-5 sm:p-8 lg:order-2">
        <Tabs value={mode} onValueChange={setMode}>
          <TabList label="Sign in or create an account" layout="fill">
            <Tab value="signin">Sign In</Tab>
            <Tab value="register">Create Account</Tab>
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
