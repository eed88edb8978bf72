import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useResendVerification } from '../api/auth-mutations';

// The notice shows on your own profile: its words are the profile area's.
addMessages('profile', englishMessages);

export function VerifyEmailNotice() {
  const { _ } = useI18n();
  const resend = useResendVerification();
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      {_('profile.verifyNotice')}{' '}
      <button
        type="button"
        className="font-semibold underline"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isSuccess ? _('profile.linkSent') : _('profile.sendAgain')}
      </button>
      {resend.error && <span className="block text-danger">{resend.error.message}</span>}
    </div>
  );
}
