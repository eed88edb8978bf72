const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A bar chart of the last seven days; screen readers get the same figures as a table. */
export function DailyVisitsChart({ days }: { days: Array<{ date: string; count: number }> }) {
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
        <caption>Daily visits, last 7 days</caption>
        <thead>
          <tr>
            <th>Day</th>
            <th>Visits</th>
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
