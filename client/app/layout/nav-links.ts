import { Heart, type LucideIcon, Package, Plus, Repeat, Shuffle, Sparkles } from 'lucide-react';

export type NavLink = { to: string; label: string; icon?: LucideIcon; iconOnly?: boolean };

export const SIGNED_IN_LINKS: NavLink[] = [
  { to: '/profile', label: 'Items', icon: Package },
  { to: '/my-offers', label: 'Offers', icon: Repeat },
  { to: '/matches', label: 'Matches', icon: Sparkles },
  { to: '/rounds', label: 'Rounds', icon: Shuffle },
  { to: '/saved-items', label: 'Saved items', icon: Heart, iconOnly: true },
  { to: '/create-listing', label: 'List an item', icon: Plus, iconOnly: true },
];

export const SIGNED_OUT_LINKS: NavLink[] = [
  { to: '/rounds', label: 'Rounds' },
  { to: '/help', label: 'Help' },
  { to: '/contact', label: 'Contact' },
  { to: '/disclaimer', label: 'Disclaimer' },
];
