import { useNavigate } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.not-found';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('not-found', englishMessages);

export function NotFoundPage() {
  const navigate = useNavigate();
  const { _ } = useI18n();
  return (
    <Page narrow className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <p className="text-7xl font-extrabold text-brand-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{_('notFound.title')}</h1>
      <p className="mt-3 text-lg text-muted">{_('notFound.body')}</p>
      <Button
        size="lg"
        className="mt-8"
        onClick={() => {
          navigate('/');
          window.scrollTo(0, 0);
        }}
      >
        {_('notFound.home')}
      </Button>
    </Page>
  );
}
