import { Link } from 'react-router';
import type { MessageId } from '../../../shared/i18n/catalogs/en';
import { LanguagePicker } from '../../features/i18n/components/language-picker';
import { useSiteConfig } from '../../features/site/api/site-config';
import { useI18n } from '../../lib/use-i18n';

const LINKS: Array<{ to: string; label: MessageId }> = [
  { to: '/how-it-works', label: 'footer.howItWorks' },
  { to: '/help', label: 'footer.help' },
  { to: '/contact', label: 'footer.contact' },
  { to: '/terms', label: 'footer.terms' },
  { to: '/disclaimer', label: 'footer.disclaimer' },
];

export function Footer() {
  const { siteName } = useSiteConfig();
  const { _ } = useI18n();
  return (
    <footer className="mt-16 border-t border-line bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:px-6">
        <nav aria-label={_('footer.nav')} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="text-muted hover:text-brand-800 hover:underline"
            >
              {_(link.label)}
            </Link>
          ))}
        </nav>
        <LanguagePicker />
        <p className="text-sm text-muted">{_('footer.copyright', { siteName })}</p>
      </div>
    </footer>
  );
}
