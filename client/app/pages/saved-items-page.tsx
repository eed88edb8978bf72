import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { ItemGrid } from '../../features/items/components/item-card';
import { useSavedItems } from '../../features/saved/api/saved';

export function SavedItemsPage() {
  const { isSignedIn } = useCurrentUser();
  const saved = useSavedItems(isSignedIn);

  if (!isSignedIn) {
    return (
      <SignInPrompt
        title="Sign in to see your saved items"
        text="Save items with the heart to find them here later."
      />
    );
  }
  if (saved.isPending) return <LoadingScreen />;
  const entries = saved.data ?? [];
  return (
    <Page>
      <PageTitle lead={`${entries.length} saved item${entries.length === 1 ? '' : 's'}`}>
        Saved Items
      </PageTitle>
      {entries.length === 0 ? (
        <EmptyState
          icon={Heart}
          title="No saved items yet"
          text="Tap the heart on any listing to keep it here."
        >
          <Button asChild>
            <Link to="/browse">Browse items</Link>
          </Button>
        </EmptyState>
      ) : (
        <ItemGrid items={entries.map((entry) => entry.item)} />
      )}
    </Page>
  );
}
