/**
 * `label`: the words, translated by the caller (`_('header.loading')`, 'Loading...' in English).
 * An i18n import here, in a module the start chunk shares with the pages, made Rollup split the
 * i18n core out of the start chunk (home route over its 120 KB); every caller has it already.
 * `tall`: a screen high, where something below it (the footer) must not show and then move.
 */
export function LoadingScreen({ label, tall = false }: { label: string; tall?: boolean }) {
  return (
    <div
      className={`flex ${tall ? 'min-h-screen' : 'min-h-[60vh]'} items-center justify-center`}
      role="status"
      aria-live="polite"
    >
      <div className="flex flex-col items-center gap-3 text-muted">
        <span
          className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
          aria-hidden
        />
        <span>{label}</span>
      </div>
    </div>
  );
}
