import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.account';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { forgetThisDevice } from '../../pwa/service-worker';

addMessages('account', englishMessages);

/**
 * Issue 40 §1 in settings: download everything the site holds about you (GET /api/account/export,
 * a JSON file), and erase your account with your password (DELETE /api/account).
 */
export function AccountData() {
  const { _ } = useI18n();
  return (
    <Card className="mt-6 flex flex-col gap-6">
      <section aria-labelledby="your-data" className="flex flex-col gap-3">
        <div>
          <h2 id="your-data" className="text-xl font-bold">
            {_('account.dataTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted">{_('account.dataText')}</p>
        </div>
        <Button asChild variant="outline" className="self-start">
          <a href="/api/account/export" download>
            <Download className="size-4" aria-hidden /> {_('account.download')}
          </a>
        </Button>
      </section>
      <DeleteAccount />
    </Card>
  );
}

function DeleteAccount() {
  const { _ } = useI18n();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(_('account.enterPassword'));
    setBusy(true);
    setError(undefined);
    try {
      await apiRequest('DELETE', '/api/account', { password });
    } catch (failure) {
      setBusy(false);
      return setError(failure instanceof ApiError ? failure.message : _('account.error'));
    }
    // Nothing of the account stays in this browser: caches emptied, signed-out state read anew.
    await forgetThisDevice(async () => {}).catch(() => {});
    queryClient.clear();
    toast.success(_('account.erased'));
    navigate('/');
  }

  return (
    <section
      aria-labelledby="delete-account"
      className="flex flex-col gap-3 border-t border-line pt-6"
    >
      <div>
        <h2 id="delete-account" className="text-xl font-bold text-danger">
          {_('account.deleteTitle')}
        </h2>
        <p className="mt-1 text-sm text-muted">{_('account.deleteText')}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-sm">
        <PasswordField
          label={_('account.yourPassword')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <Button type="submit" variant="destructive" disabled={busy} className="self-start">
          <Trash2 className="size-4" aria-hidden />{' '}
          {busy ? _('account.deleting') : _('account.delete')}
        </Button>
      </form>
    </section>
  );
}
