import { Link } from 'react-router';

/** For a signed-out visitor on a round that is still running. */
export function SignInToTakePart() {
  return (
    <p className="rounded-xl bg-amber-50 p-3 text-amber-900">
      <Link to="/auth" className="font-semibold underline">
        Sign in
      </Link>{' '}
      to take part.
    </p>
  );
}
