import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';

addMessages('rounds', englishMessages);

/** For a signed-out visitor on a round that is still running. */
export function SignInToTakePart() {
  const { _ } = useI18n();
  return (
    <p className="rounded-xl bg-amber-50 p-3 text-amber-900">
      {richMessage(
        _,
        'rounds.signIn',
        {},
        {
          link: (
            <Link to="/auth" className="font-semibold underline">
              {_('rounds.signInLink')}
            </Link>
          ),
        },
      )}
    </p>
  );
}
