import { Heart, Package, Plus, Repeat, Shuffle, Sparkles } from 'lucide-react';
import type { NavLink } from './nav-links';

/**
 * A member's links (the header's, from member-chrome.tsx, and the menu's). Apart from the
 * visitors' (nav-links.ts), so that a visitor's page does not fetch their icons.
 */
export const SIGNED_IN_LINKS: NavLink[] = [
  { to: '/profile', label: 'nav.items', icon: Package },
  { to: '/my-offers', label: 'nav.offers', icon: Repeat },
  { to: '/matches', label: 'nav.matches', icon: Sparkles },
  { to: '/rounds', label: 'nav.rounds', icon: Shuffle },
  { to: '/saved-items', label: 'nav.savedItems', icon: Heart, iconOnly: true },
  { to: '/create-listing', label: 'nav.listItem', icon: Plus, iconOnly: true },
];
