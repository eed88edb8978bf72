import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';

/** What a signed-out visitor sees on a members-only page (SPEC §2: a sign-in prompt). */
export function SignInPrompt({ title, text }: { title: string; text: string }) {
  return (
    <Page narrow>
      <EmptyState icon={LogIn} title={title} text={text}>
        <Button asChild>
          <Link to="/auth">Sign In</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
