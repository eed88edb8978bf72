import { Heart, type LucideIcon, Package, Plus, Repeat, Shuffle, Sparkles } from 'lucide-react';
import type { MessageId } from '../../../shared/i18n/catalogs/en';

/** `label`: the link's words, by their id in the catalogs (shared/i18n/catalogs/en.ts). */
export type NavLink = { to: string; label: MessageId; icon?: LucideIcon; iconOnly?: boolean };

export const SIGNED_IN_LINKS: NavLink[] = [
  { to: '/profile', label: 'nav.items', icon: Package },
  { to: '/my-offers', label: 'nav.offers', icon: Repeat },
  { to: '/matches', label: 'nav.matches', icon: Sparkles },
  { to: '/rounds', label: 'nav.rounds', icon: Shuffle },
  { to: '/saved-items', label: 'nav.savedItems', icon: Heart, iconOnly: true },
  { to: '/create-listing', label: 'nav.listItem', icon: Plus, iconOnly: true },
];

export const SIGNED_OUT_LINKS: NavLink[] = [
  { to: '/rounds', label: 'nav.rounds' },
  { to: '/help', label: 'nav.help' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/disclaimer', label: 'nav.disclaimer' },
];
