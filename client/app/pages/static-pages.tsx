import {
  BookOpen,
  Camera,
  ExternalLink,
  Handshake,
  HelpCircle,
  MessageCircle,
  Package,
  Search,
  ShieldCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.info';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page, PageTitle } from '../../components/ui/page';
import { useSiteConfig } from '../../features/site/api/site-config';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('info', englishMessages);

function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed text-ink [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_ul]:list-disc [&_ul]:ps-6">
      {children}
    </div>
  );
}

const STEPS = [
  { icon: Camera, id: 'list' },
  { icon: Search, id: 'find' },
  { icon: MessageCircle, id: 'offer' },
  { icon: Handshake, id: 'meet' },
] as const;

export function HowItWorksPage() {
  const { _ } = useI18n();
  return (
    <Page>
      <PageTitle lead={_('info.how.lead')}>{_('info.how.title')}</PageTitle>
      <ol className="grid gap-4 md:grid-cols-2">
        {STEPS.map(({ icon: Icon, id }, index) => (
          <li key={id}>
            <Card className="h-full">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <Icon className="size-6 text-brand-700" aria-hidden />
              </div>
              <h2 className="mt-4 text-xl font-bold">{_(`info.how.${id}.title`)}</h2>
              <p className="mt-2 text-muted">{_(`info.how.${id}.text`)}</p>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/browse">{_('info.how.startBrowsing')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/create-listing">{_('info.how.listItem')}</Link>
        </Button>
      </div>
    </Page>
  );
}

const HELP_TOPICS = [
  { icon: BookOpen, id: 'start' },
  { icon: Package, id: 'listing' },
  { icon: Handshake, id: 'swaps' },
  { icon: ShieldCheck, id: 'safety' },
] as const;

export function HelpPage() {
  const { _ } = useI18n();
  return (
    <Page>
      <PageTitle lead={_('info.help.lead')}>{_('info.help.title')}</PageTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {HELP_TOPICS.map(({ icon: Icon, id }) => (
          <Card key={id}>
            <Icon className="size-7 text-brand-700" aria-hidden />
            <h2 className="mt-3 text-lg font-bold">{_(`info.help.${id}.title`)}</h2>
            <p className="mt-2 text-muted">{_(`info.help.${id}.text`)}</p>
          </Card>
        ))}
      </div>
      <Card className="mt-8 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <HelpCircle className="size-7 text-brand-700" aria-hidden />
          <p className="font-medium">{_('info.help.stuck')}</p>
        </div>
        <Button asChild>
          <Link to="/contact">{_('info.help.contact')}</Link>
        </Button>
      </Card>
    </Page>
  );
}

export function ContactPage() {
  const { _ } = useI18n();
  const { siteName, socialUrl } = useSiteConfig();
  return (
    <Page narrow>
      <PageTitle lead={_('info.contact.lead', { siteName })}>{_('info.contact.title')}</PageTitle>
      <Card>
        <p>{_('info.contact.text')}</p>
        <Button asChild className="mt-5">
          <a href={socialUrl} target="_blank" rel="noopener noreferrer">
            {_('info.contact.visit')}{' '}
            <ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden />
            <span className="sr-only">{_('info.contact.newTab')}</span>
          </a>
        </Button>
      </Card>
    </Page>
  );
}

export function DisclaimerPage() {
  const { _ } = useI18n();
  const { siteName } = useSiteConfig();
  return (
    <Page narrow>
      <PageTitle>{_('info.disclaimer.title')}</PageTitle>
      <Prose>
        <p>{_('info.disclaimer.intro', { siteName })}</p>
        <h2>{_('info.disclaimer.age')}</h2>
        <p>{_('info.disclaimer.ageText', { siteName })}</p>
        <h2>{_('info.disclaimer.items')}</h2>
        <p>{_('info.disclaimer.itemsText')}</p>
        <h2>{_('info.disclaimer.meeting')}</h2>
        <p>{_('info.disclaimer.meetingText')}</p>
        <h2>{_('info.disclaimer.liability')}</h2>
        <p>{_('info.disclaimer.liabilityText', { siteName })}</p>
      </Prose>
    </Page>
  );
}

export function TermsPage() {
  const { _ } = useI18n();
  const { siteName } = useSiteConfig();
  return (
    <Page narrow>
      <PageTitle>{_('info.terms.title')}</PageTitle>
      <Prose>
        <p>{_('info.terms.intro', { siteName })}</p>
        <h2>{_('info.terms.who', { siteName })}</h2>
        <p>{_('info.terms.whoText')}</p>
        <h2>{_('info.terms.fees')}</h2>
        <p>{_('info.terms.feesText')}</p>
        <h2>{_('info.terms.list')}</h2>
        <p>{_('info.terms.listText')}</p>
        <h2>{_('info.terms.conduct')}</h2>
        <ul>
          <li>{_('info.terms.conduct.honest')}</li>
          <li>{_('info.terms.conduct.harass')}</li>
          <li>{_('info.terms.conduct.ratings')}</li>
        </ul>
        <h2>{_('info.terms.moderation')}</h2>
        <p>{_('info.terms.moderationText')}</p>
        <h2>{_('info.terms.privacy')}</h2>
        <p>{_('info.terms.privacyText')}</p>
        <h2>{_('info.terms.law')}</h2>
        <p>{_('info.terms.lawText')}</p>
      </Prose>
    </Page>
  );
}
