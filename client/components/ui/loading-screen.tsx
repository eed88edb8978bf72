export function LoadingScreen() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-live="polite">
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
