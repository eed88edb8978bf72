import type { Translator } from '../../../shared/i18n/translator.js';

/**
 * Pieces every notification text uses, in the recipient's language (`t`), for the features that
 * write notifications (notification-listeners.ts, alerts, rounds).
 */

/** A title inside a sentence: short enough for a subject line, in the language's quotation marks. */
export const quoted = (t: Translator, title: string | null) =>
  title === null
    ? t._('notify.aListing')
    : t._('notify.quoted', { title: title.length > 60 ? `${title.slice(0, 59)}…` : title });

/** A member by name, or "A member" in the recipient's language once they are gone. */
export const named = (t: Translator, name: string | null) => name ?? t._('notify.aMember');
