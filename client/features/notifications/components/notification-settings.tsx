import { useId } from 'react';
import {
  DELIVERY_LABELS,
  DELIVERY_MODES,
  type DeliveryMode,
  NOTIFICATION_TOPIC_NAMES,
  NOTIFICATION_TOPICS,
  type NotificationTopic,
} from '../../../../shared/notifications';
import { inputClass } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications';

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
  const id = useId();
  return (
    <li className="flex flex-col gap-1.5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <label htmlFor={id} className="font-medium">
        {NOTIFICATION_TOPICS[topic].label}
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
            {DELIVERY_LABELS[m]}
          </option>
        ))}
      </select>
    </li>
  );
}

/** Email per kind of notification: straight away, in the daily digest, or off. Saved on change. */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings(true);
  const update = useUpdateNotificationSettings();
  if (settings.isPending) return <LoadingScreen />;
  if (settings.isError || !settings.data) {
    return (
      <p role="alert" className="text-danger">
        Your settings could not be loaded.
      </p>
    );
  }
  const email = settings.data.email;
  const change = (topic: NotificationTopic, mode: DeliveryMode) =>
    update.mutate(
      { [topic]: mode },
      {
        onSuccess: () =>
          toast.success('Saved', {
            description: `${NOTIFICATION_TOPICS[topic].label}: ${DELIVERY_LABELS[mode].toLowerCase()}`,
          }),
        onError: (error) => toast.error('Not saved', { description: error.message }),
      },
    );
  return (
    <section aria-labelledby="email-settings-heading">
      <h2 id="email-settings-heading" className="text-xl font-bold">
        Email
      </h2>
      <p className="mt-1 text-sm text-muted">
        Everything still shows under the bell. Choose which kinds also reach your inbox: straight
        away, gathered into one daily digest, or not at all. Every email has a one-click unsubscribe
        link.
      </p>
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
