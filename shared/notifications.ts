import { z } from 'zod';

/**
 * What a notification is about. The text a member reads is written by the server when the
 * notification is made; the type says which setting decides its emails and which icon it gets.
 */
export const NOTIFICATION_TYPES = [
  'offer-received',
  'offer-accepted',
  'offer-rejected',
  'offer-completed',
  'offer-countered',
  'offer-withdrawn',
  'offer-cancelled',
  'request-not-chosen',
  'message',
  'rating',
  'listing-removed',
  'account-warning',
  'problem',
  'alert',
  'match',
  'circle',
  'round',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The groups a member sets delivery for ("per type" in the settings page's words): each
 * notification type belongs to one. `email` is the default for a member who never chose.
 */
export const NOTIFICATION_TOPICS = {
  offers: {
    label: 'New offers and counter-offers',
    types: ['offer-received', 'offer-countered'],
    email: 'instant',
  },
  'offer-updates': {
    label: 'Answers to your offers and finished swaps',
    types: [
      'offer-accepted',
      'offer-rejected',
      'offer-completed',
      'offer-withdrawn',
      'offer-cancelled',
      'request-not-chosen',
    ],
    email: 'instant',
  },
  messages: { label: 'Messages', types: ['message'], email: 'instant' },
  ratings: { label: 'Ratings you receive', types: ['rating'], email: 'daily' },
  alerts: { label: 'Want alerts (saved searches)', types: ['alert'], email: 'daily' },
  matches: { label: 'New mutual matches and swap circles', types: ['match'], email: 'daily' },
  circles: { label: 'Decisions in your swap circles', types: ['circle'], email: 'instant' },
  rounds: { label: 'Swap rounds you take part in', types: ['round'], email: 'instant' },
  moderation: {
    label: 'Moderation of your account and listings, and problems reported after swaps',
    types: ['listing-removed', 'account-warning', 'problem'],
    email: 'instant',
  },
} as const satisfies Record<
  string,
  { label: string; types: readonly NotificationType[]; email: DeliveryMode }
>;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;
export const NOTIFICATION_TOPIC_NAMES = Object.keys(NOTIFICATION_TOPICS) as [
  NotificationTopic,
  ...NotificationTopic[],
];

export function topicOf(type: NotificationType): NotificationTopic {
  for (const topic of NOTIFICATION_TOPIC_NAMES) {
    if ((NOTIFICATION_TOPICS[topic].types as readonly string[]).includes(type)) return topic;
  }
  throw new Error(`No topic for notification type ${type}`);
}

/** How a channel delivers a topic: at once, in the daily digest, or not at all. */
export const DELIVERY_MODES = ['instant', 'daily', 'off'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const DELIVERY_LABELS: Record<DeliveryMode, string> = {
  instant: 'Straight away',
  daily: 'Daily digest',
  off: 'Off',
};

/**
 * Channels a member sets per topic: email, and Web Push to the devices they opted in on (push is
 * only ever instant or off: there is no push digest).
 */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const PUSH_MODES = ['instant', 'off'] as const;
export type PushMode = (typeof PUSH_MODES)[number];
export const PUSH_LABELS: Record<PushMode, string> = { instant: 'On', off: 'Off' };

/**
 * A topic's delivery for a member who never chose. Push follows email's urgency: topics emailed
 * at once are pushed, those kept for the digest are not (a member who opted in to push on a
 * device can turn each on). Push reaches only devices the member opted in on.
 */
export function defaultDelivery(topic: NotificationTopic, channel: 'email'): DeliveryMode;
export function defaultDelivery(topic: NotificationTopic, channel: 'push'): PushMode;
export function defaultDelivery(
  topic: NotificationTopic,
  channel: NotificationChannel,
): DeliveryMode {
  const email = NOTIFICATION_TOPICS[topic].email as DeliveryMode;
  if (channel === 'email') return email;
  return email === 'instant' ? 'instant' : 'off';
}

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/** One notification as GET /api/notifications lists it. Text is plain words, never HTML. */
export const notificationSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string(),
  /** A path inside the site, e.g. /my-offers or /item/12. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  unread: z.number(),
  items: z.array(notificationSchema),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, {
      error: `limit must be at most ${NOTIFICATIONS_MAX_PAGE_SIZE}`,
    })
    .default(NOTIFICATIONS_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must be 0 or more' })
    .max(100_000, { error: 'offset must be at most 100000' })
    .default(0),
});

const MAX_READ_IDS = 200;

/** POST /api/notifications/read: some ids, or all of them. */
export const markReadSchema = z.union(
  [
    z.object({
      ids: z
        .array(
          z
            .number({ error: 'ids must be notification ids' })
            .int({ error: 'ids must be notification ids' })
            .positive({ error: 'ids must be notification ids' })
            .max(Number.MAX_SAFE_INTEGER),
          { error: 'ids must be a list of notification ids' },
        )
        .min(1, { error: 'Name at least one notification' })
        .max(MAX_READ_IDS, { error: `At most ${MAX_READ_IDS} notifications at a time` }),
    }),
    z.object({ all: z.literal(true, { error: 'all must be true' }) }),
  ],
  { error: 'Send { "ids": [...] } or { "all": true }' },
);
export type MarkRead = z.infer<typeof markReadSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });

const deliveryModeSchema = z.enum(DELIVERY_MODES, {
  error: 'Choose instant, daily or off',
});

const pushModeSchema = z.enum(PUSH_MODES, { error: 'Push is instant or off' });

/** The member's settings: for each channel, each topic's delivery mode. */
export const notificationSettingsSchema = z.object({
  email: z.record(z.enum(NOTIFICATION_TOPIC_NAMES), deliveryModeSchema),
  push: z.record(z.enum(NOTIFICATION_TOPIC_NAMES), pushModeSchema),
});
export type NotificationSettings = {
  email: Record<NotificationTopic, DeliveryMode>;
  push: Record<NotificationTopic, PushMode>;
};

const isTopic = (name: string): name is NotificationTopic =>
  (NOTIFICATION_TOPIC_NAMES as string[]).includes(name);

/** PATCH /api/notification-settings: the topics to change, per channel. */
export const updateNotificationSettingsSchema = z
  .object({
    email: z
      .record(z.string().max(40), deliveryModeSchema, {
        error: 'email must map notification types to instant, daily or off',
      })
      .refine((modes) => Object.keys(modes).every(isTopic), {
        error: 'Unknown notification type',
      })
      .transform((modes) => modes as Partial<Record<NotificationTopic, DeliveryMode>>)
      .optional(),
    push: z
      .record(z.string().max(40), pushModeSchema, {
        error: 'push must map notification types to instant or off',
      })
      .refine((modes) => Object.keys(modes).every(isTopic), {
        error: 'Unknown notification type',
      })
      .transform((modes) => modes as Partial<Record<NotificationTopic, PushMode>>)
      .optional(),
  })
  .refine(
    (body) => Object.keys(body.email ?? {}).length + Object.keys(body.push ?? {}).length > 0,
    { error: 'Nothing to update' },
  );
export type UpdateNotificationSettings = z.output<typeof updateNotificationSettingsSchema>;

/** The one-click unsubscribe link's token, as POSTed by the confirmation page. */
export const unsubscribeSchema = z.object({
  token: z.string({ error: 'This unsubscribe link is not valid' }).min(1).max(300),
});

/**
 * What an unsubscribe token (`<member>.<topic or digest>.<signature>`) switches off, in words for
 * the confirmation page; null when the token names nothing we send. The server checks the rest.
 */
export function unsubscribeLabel(token: string): string | null {
  const scope = token.split('.')[1];
  if (scope === 'digest') return 'the daily digest';
  return scope && isTopic(scope)
    ? `emails about ${NOTIFICATION_TOPICS[scope].label.toLowerCase()}`
    : null;
}
