import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('admin', englishMessages);

export function AccessDenied() {
  const { _ } = useI18n();
  return (
    <Page narrow>
      <EmptyState icon={ShieldAlert} title={_('admin.denied')} text={_('admin.deniedText')}>
        <Button asChild>
          <Link to="/">{_('admin.home')}</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
