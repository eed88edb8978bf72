import { useResendVerification } from '../api/auth-mutations';

export function VerifyEmailNotice() {
  const resend = useResendVerification();
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      Confirm your email address to get the ✓ Verified badge.{' '}
      <button
        type="button"
        className="font-semibold underline"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isSuccess ? 'Link sent' : 'Send the link again'}
      </button>
      {resend.error && <span className="block text-danger">{resend.error.message}</span>}
    </div>
  );
}
