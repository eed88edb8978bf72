import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientUser, LoginInput, RegisterInput } from '../../../../shared/auth.schemas';
import { apiRequest } from '../../../lib/api-client';
import { forgetThisDevice } from '../../pwa/service-worker';
import { CURRENT_USER_KEY } from './current-user';

type Message = { message: string };

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<ClientUser>('POST', '/api/login', input),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<ClientUser>('POST', '/api/register', input),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<Message>('POST', '/api/request-password-reset', { email }),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest<Message>('POST', '/api/confirm-reset-password', input),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<ClientUser>('POST', '/api/verify-email', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest<Message>('POST', '/api/resend-verification') });
}

/**
 * SPEC §4: post, go home, reload; if the post fails, send the browser to the logout endpoint,
 * which ends the session and redirects home itself. First this device's push subscription is
 * removed and the offline caches emptied (features/pwa), so nothing of this member stays here.
 */
export async function logout(navigate: (to: string) => void): Promise<void> {
  await forgetThisDevice((endpoint) =>
    apiRequest('DELETE', '/api/push/subscriptions', { endpoint }),
  );
  try {
    await apiRequest('POST', '/api/logout');
    navigate('/');
    window.location.reload();
  } catch (error) {
    console.error('Logout failed', error);
    window.location.href = '/api/logout';
  }
}
