import { Link } from 'react-router';
import { useSiteConfig } from '../../features/site/api/site-config';

const LINKS = [
  { to: '/how-it-works', label: 'How it works' },
  { to: '/help', label: 'Help centre' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms' },
  { to: '/disclaimer', label: 'Disclaimer' },
];

export function Footer() {
  const { siteName } = useSiteConfig();
  return (
    <footer className="mt-16 border-t border-line bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="text-muted hover:text-brand-800 hover:underline"
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <p className="text-sm text-muted">© 2024 {siteName}. All rights reserved.</p>
      </div>
    </footer>
  );
}
