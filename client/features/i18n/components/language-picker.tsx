import { Languages } from 'lucide-react';
import { useId } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../../shared/i18n/locales';
import { activateLocale, rememberLocale } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useCurrentUser } from '../../auth/api/current-user';
import { useAccountLocale, useSaveAccountLocale } from '../api/account-locale';

/**
 * The footer's language picker: each language by its own name. The choice is kept in a cookie
 * (pages the server draws follow it) and, for a member, on the account.
 */
export function LanguagePicker() {
  const { i18n, _ } = useI18n();
  const { user } = useCurrentUser();
  useAccountLocale(user);
  const save = useSaveAccountLocale();
  const id = useId();
  const choose = async (locale: Locale) => {
    rememberLocale(locale);
    await activateLocale(locale);
    if (user)
      await save(locale).catch((error) => console.warn('Could not keep the language', error));
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <Languages className="size-4 text-muted" aria-hidden />
      <label htmlFor={id} className="text-muted">
        {_('footer.language')}
      </label>
      <select
        id={id}
        value={i18n.locale}
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
    </div>
  );
}
