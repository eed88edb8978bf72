import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.sign-in-prompt';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('sign-in-prompt', englishMessages);

/** What a signed-out visitor sees on a members-only page (SPEC §2: a sign-in prompt). */
export function SignInPrompt({ title, text }: { title: string; text: string }) {
  const { _ } = useI18n();
  return (
    <Page narrow>
      <EmptyState icon={LogIn} title={title} text={text}>
        <Button asChild>
          <Link to="/auth">{_('prompt.signIn')}</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
