import { useId } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.notification-settings';
import {
  DELIVERY_MODES,
  type DeliveryMode,
  NOTIFICATION_TOPIC_NAMES,
  NOTIFICATION_TOPICS,
  type NotificationTopic,
} from '../../../../shared/notifications';
import { inputClass } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications';

addMessages('notification-settings', englishMessages);

function TopicRow({
  topic,
  mode,
  disabled,
  onChange,
}: {
  topic: NotificationTopic;
  mode: DeliveryMode;
  disabled: boolean;
  onChange: (mode: DeliveryMode) => void;
}) {
  const { _ } = useI18n();
  const id = useId();
  return (
    <li className="flex flex-col gap-1.5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <label htmlFor={id} className="font-medium">
        {_(`settings.topic.${topic}`)}
      </label>
      <select
        id={id}
        value={mode}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as DeliveryMode)}
        className={cn(inputClass, 'sm:w-48')}
      >
        {DELIVERY_MODES.map((m) => (
          <option key={m} value={m}>
            {_(`settings.delivery.${m}`)}
          </option>
        ))}
      </select>
    </li>
  );
}

/** Email per kind of notification: straight away, in the daily digest, or off. Saved on change. */
export function NotificationSettingsForm() {
  const { _ } = useI18n();
  const settings = useNotificationSettings(true);
  const update = useUpdateNotificationSettings();
  if (settings.isPending) return <LoadingScreen label={_('header.loading')} />;
  if (settings.isError || !settings.data) {
    return (
      <p role="alert" className="text-danger">
        {_('settings.loadFailed')}
      </p>
    );
  }
  const email = settings.data.email;
  const change = (topic: NotificationTopic, mode: DeliveryMode) =>
    update.mutate(
      { [topic]: mode },
      {
        onSuccess: () =>
          toast.success(_('settings.saved'), {
            description: _('settings.savedText', {
              topic: _(`settings.topic.${topic}`),
              mode: _(`settings.deliveryInSentence.${mode}`),
            }),
          }),
        onError: (error) => toast.error(_('settings.notSaved'), { description: error.message }),
      },
    );
  return (
    <section aria-labelledby="email-settings-heading">
      <h2 id="email-settings-heading" className="text-xl font-bold">
        {_('settings.email')}
      </h2>
      <p className="mt-1 text-sm text-muted">{_('settings.emailText')}</p>
      <ul className="mt-2 divide-y divide-line">
        {NOTIFICATION_TOPIC_NAMES.map((topic) => (
          <TopicRow
            key={topic}
            topic={topic}
            mode={email[topic] ?? NOTIFICATION_TOPICS[topic].email}
            disabled={update.isPending}
            onChange={(mode) => change(topic, mode)}
          />
        ))}
      </ul>
    </section>
  );
}
