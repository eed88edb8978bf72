import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';

export function AccessDenied() {
  return (
    <Page narrow>
      <EmptyState
        icon={ShieldAlert}
        title="Access Denied"
        text="Access Denied: You need admin privileges to view this dashboard."
      >
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
