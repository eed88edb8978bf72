/**
 * Why something was not done (the server's 400/409 message, or a check of ours), said where the
 * member is looking, and read out at once. Nothing when there is nothing to say.
 */
export function FormAlert({ id, children }: { id?: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
      {children}
    </p>
  );
}
