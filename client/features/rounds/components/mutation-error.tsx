/** Why the last move on the round failed, announced; nothing while there is no error. */
export function MutationError({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="font-medium text-danger">
      {error.message}
    </p>
  ) : null;
}
