import { UserX } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('profile', englishMessages);

export function ProfileNotFound() {
  const { _ } = useI18n();
  return (
    <Page narrow>
      <EmptyState icon={UserX} title={_('profile.notFoundTitle')} text={_('profile.notFoundText')}>
        <Button asChild>
          <Link to="/">{_('profile.backHome')}</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
