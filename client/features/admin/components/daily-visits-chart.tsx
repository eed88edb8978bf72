import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import { htmlLangOf, type Locale } from '../../../../shared/i18n/locales';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('admin', englishMessages);

// One weekday formatter per language, made when a chart first shows in it.
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();
const dayFormatOf = (locale: Locale) => {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(htmlLangOf(locale), {
      weekday: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  return format;
};

/** A bar chart of the last seven days; screen readers get the same figures as a table. */
export function DailyVisitsChart({ days }: { days: Array<{ date: string; count: number }> }) {
  const { _, locale } = useI18n();
  const dayFormat = dayFormatOf(locale);
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <figure>
      <div className="flex h-48 items-end gap-2" aria-hidden>
        {days.map((day) => (
          <div
            key={day.date}
            className="flex h-full flex-1 flex-col items-center justify-end gap-1"
          >
            <span className="text-xs font-semibold">{day.count}</span>
            <div
              className="w-full rounded-t-md bg-brand-600"
              style={{ height: `${(day.count / max) * 100}%`, minHeight: 2 }}
            />
            <span className="text-xs text-muted">
              {dayFormat.format(new Date(`${day.date}T00:00:00Z`))}
            </span>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <caption>{_('admin.visits')}</caption>
        <thead>
          <tr>
            <th>{_('admin.day')}</th>
            <th>{_('admin.visitsColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{day.date}</td>
              <td>{day.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
