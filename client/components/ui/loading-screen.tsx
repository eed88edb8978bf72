/** `tall`: a screen high, where something below it (the footer) must not show and then move. */
export function LoadingScreen({ tall = false }: { tall?: boolean }) {
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
        <span>Loading...</span>
      </div>
    </div>
  );
}
