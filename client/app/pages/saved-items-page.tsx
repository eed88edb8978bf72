import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.saved';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { ItemGrid } from '../../features/items/components/item-card';
import { useSavedItems } from '../../features/saved/api/saved';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('saved', englishMessages);

export function SavedItemsPage() {
  const { _ } = useI18n();
  const { isSignedIn } = useCurrentUser();
  const saved = useSavedItems(isSignedIn);

  if (!isSignedIn) {
    return <SignInPrompt title={_('saved.signInTitle')} text={_('saved.signInText')} />;
  }
  if (saved.isPending) return <LoadingScreen label={_('header.loading')} />;
  const entries = saved.data ?? [];
  return (
    <Page>
      <PageTitle lead={_('saved.count', { count: entries.length })}>{_('saved.title')}</PageTitle>
      {entries.length === 0 ? (
        <EmptyState icon={Heart} title={_('saved.noneTitle')} text={_('saved.noneText')}>
          <Button asChild>
            <Link to="/browse">{_('saved.browse')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <ItemGrid items={entries.map((entry) => entry.item)} />
      )}
    </Page>
  );
}
