import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../../shared/i18n/locales';
import { activateLocale, rememberLocale } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useCurrentUser } from '../../auth/api/current-user';

const loadAccountLocale = () => import('../api/account-locale');
const AccountLocale = lazy(async () => ({ default: (await loadAccountLocale()).AccountLocale }));

/**
 * The footer's language picker: each language by its own name. The choice is kept in a cookie
 * (pages the server draws follow it) and, for a member, on the account.
 */
export function LanguagePicker() {
  const { locale: inUse, _ } = useI18n();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const id = useId();
  const choose = async (locale: Locale) => {
    rememberLocale(locale);
    await activateLocale(locale);
    if (!user) return;
    const { saveAccountLocale } = await loadAccountLocale();
    await saveAccountLocale(queryClient, locale).catch((error) =>
      console.warn('Could not keep the language', error),
    );
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted">
        {_('footer.language')}
      </label>
      <select
        id={id}
        value={inUse}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
        className="h-10 rounded-xl border border-line bg-white px-2 text-ink"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      {user && (
        <Suspense fallback={null}>
          <AccountLocale user={user} />
        </Suspense>
      )}
    </div>
  );
}
