import { UserX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';

export function ProfileNotFound() {
  return (
    <Page narrow>
      <EmptyState
        icon={UserX}
        title="Profile Not Found"
        text="This member does not exist, or you need to sign in to see your own profile."
      >
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
