import type { LucideIcon } from 'lucide-react';
import type { MessageId } from '../../../shared/i18n/catalogs/en';

/** `label`: the link's words, by their id in the catalogs (shared/i18n/catalogs/en.ts). */
export type NavLink = { to: string; label: MessageId; icon?: LucideIcon; iconOnly?: boolean };

export const SIGNED_OUT_LINKS: NavLink[] = [
  { to: '/rounds', label: 'nav.rounds' },
  { to: '/help', label: 'nav.help' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/disclaimer', label: 'nav.disclaimer' },
];
