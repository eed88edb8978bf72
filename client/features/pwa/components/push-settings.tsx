import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.notification-settings';
import {
  NOTIFICATION_TOPIC_NAMES,
  type NotificationSettings,
  type NotificationTopic,
  type PushMode,
} from '../../../../shared/notifications';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { apiRequest } from '../../../lib/api-client';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { currentPushState, type PushState, turnPushOff, turnPushOn } from '../push-subscription';

addMessages('notification-settings', englishMessages);

const SETTINGS_KEY = ['/api/notification-settings'] as const;

/**
 * The member's own settings: push on this device (asked only when they click), and which topics
 * are pushed. Other devices keep their own choice; signing out turns it off on this one.
 */
export function PushSettings() {
  const { _ } = useI18n();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const queryClient = useQueryClient();
  const settings = useQuery<NotificationSettings>({ queryKey: SETTINGS_KEY });
  const update = useMutation({
    mutationFn: (push: Partial<Record<NotificationTopic, PushMode>>) =>
      apiRequest<NotificationSettings>('PATCH', '/api/notification-settings', { push }),
    onSuccess: (next) => queryClient.setQueryData(SETTINGS_KEY, next),
    onError: (error) => toast.error(error.message),
  });

  useEffect(() => {
    void currentPushState()
      .then(setState)
      .catch(() => setState('off'));
  }, []);

  async function toggle() {
    setBusy(true);
    try {
      setState(await (state === 'on' ? turnPushOff() : turnPushOn()));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : _('settings.push.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="mt-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {_('settings.push.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted" data-testid="push-state">
        {state ? _(`settings.push.${state}`) : _('settings.push.checking')}
      </p>
      {(state === 'on' || state === 'off') && (
        <Button
          className="mt-3"
          variant={state === 'on' ? 'outline' : 'primary'}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {state === 'on' ? (
            <BellOff aria-hidden="true" className="size-4" />
          ) : (
            <Bell aria-hidden="true" className="size-4" />
          )}
          {state === 'on' ? _('settings.push.turnOff') : _('settings.push.turnOn')}
        </Button>
      )}
      {settings.data && (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium">{_('settings.push.legend')}</legend>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {NOTIFICATION_TOPIC_NAMES.map((topic) => (
              <li key={topic}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={settings.data.push[topic] === 'instant'}
                    disabled={update.isPending}
                    onChange={(event) =>
                      update.mutate({ [topic]: event.target.checked ? 'instant' : 'off' })
                    }
                  />
                  {_(`settings.topic.${topic}`)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </Card>
  );
}
