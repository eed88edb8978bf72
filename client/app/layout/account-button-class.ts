/**
 * The avatar button's look, shared by the button the header draws at once (account-button.tsx)
 * and the menu's trigger that replaces it once loaded (avatar-menu.tsx), so neither imports the
 * other and the menu stays a separate, lazily loaded chunk.
 */
export const ACCOUNT_BUTTON_CLASS = 'rounded-full ring-offset-2 hover:ring-2 hover:ring-brand-200';
