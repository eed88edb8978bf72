import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_ERASED } from '../../../../shared/account-words';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { forgetThisDevice } from '../../pwa/service-worker';

/**
 * Issue 40 §1 in settings: download everything the site holds about you (GET /api/account/export,
 * a JSON file), and erase your account with your password (DELETE /api/account).
 */
export function AccountData() {
  return (
    <Card className="mt-6 flex flex-col gap-6">
      <section aria-labelledby="your-data" className="flex flex-col gap-3">
        <div>
          <h2 id="your-data" className="text-xl font-bold">
            Your data
          </h2>
          <p className="mt-1 text-sm text-muted">
            One file with everything we hold about you: your account, listings, offers and chats,
            circles, ratings, reports, notifications, sessions, devices and page views.
          </p>
        </div>
        <Button asChild variant="outline" className="self-start">
          <a href="/api/account/export" download>
            <Download className="size-4" aria-hidden /> Download my data
          </a>
        </Button>
      </section>
      <DeleteAccount />
    </Card>
  );
}

function DeleteAccount() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Please enter your password');
    setBusy(true);
    setError(undefined);
    try {
      await apiRequest('DELETE', '/api/account', { password });
    } catch (failure) {
      setBusy(false);
      return setError(failure instanceof ApiError ? failure.message : 'An error occurred');
    }
    // Nothing of the account stays in this browser: caches emptied, signed-out state read anew.
    await forgetThisDevice(async () => {}).catch(() => {});
    queryClient.clear();
    toast.success(ACCOUNT_ERASED);
    navigate('/');
  }

  return (
    <section
      aria-labelledby="delete-account"
      className="flex flex-col gap-3 border-t border-line pt-6"
    >
      <div>
        <h2 id="delete-account" className="text-xl font-bold text-danger">
          Delete my account
        </h2>
        <p className="mt-1 text-sm text-muted">
          This cannot be undone. Your profile, email address, password, listings that were never
          part of a swap, saved items, searches and alerts are deleted, and you are signed out
          everywhere. Offers, chats, circles and ratings stay for the other members, shown as from
          “Deleted member”. You can register again with the same address later.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-sm">
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <Button type="submit" variant="destructive" disabled={busy} className="self-start">
          <Trash2 className="size-4" aria-hidden /> {busy ? 'Deleting…' : 'Delete my account'}
        </Button>
      </form>
    </section>
  );
}
