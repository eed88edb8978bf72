import { defineArea } from '../area.js';

/** What a signed-out visitor sees on a members-only page (sign-in-prompt.tsx). */
export const signInPrompt = defineArea({
  en: { 'prompt.signIn': 'Sign In' },
  'pt-BR': { 'prompt.signIn': 'Entrar' },
  de: { 'prompt.signIn': 'Anmelden' },
  ar: { 'prompt.signIn': 'تسجيل الدخول' },
});
