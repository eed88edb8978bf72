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
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page, PageTitle } from '../../components/ui/page';
import { useSiteConfig } from '../../features/site/api/site-config';

function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed text-ink [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_ul]:list-disc [&_ul]:pl-6">
      {children}
    </div>
  );
}

const STEPS = [
  {
    icon: Camera,
    title: 'List your item',
    text: 'Add photos, a description and its condition, and say what you would like in return — or that you are open to offers. Members pay a one-time £0.99 verification fee to reduce fake accounts.',
  },
  {
    icon: Search,
    title: 'Find something you want',
    text: 'Search or browse by category. Save items to your wishlist with the heart.',
  },
  {
    icon: MessageCircle,
    title: 'Make an offer',
    text: 'Send the owner a message with what you can offer, and a photo if it helps. Chat until you agree.',
  },
  {
    icon: Handshake,
    title: 'Meet and swap',
    text: 'Meet somewhere public, inspect the items, swap, then mark the swap completed and rate each other.',
  },
];

export function HowItWorksPage() {
  return (
    <Page>
      <PageTitle lead="Four steps from clutter to something you actually want.">
        How It Works
      </PageTitle>
      <ol className="grid gap-4 md:grid-cols-2">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title}>
            <Card className="h-full">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <Icon className="size-6 text-brand-700" aria-hidden />
              </div>
              <h2 className="mt-4 text-xl font-bold">{title}</h2>
              <p className="mt-2 text-muted">{text}</p>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/browse">Start browsing</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/create-listing">List an item</Link>
        </Button>
      </div>
    </Page>
  );
}

const HELP_TOPICS = [
  {
    icon: BookOpen,
    title: 'Getting started',
    text: 'Create an account, confirm your email address to get the ✓ Verified badge, and fill in your profile.',
  },
  {
    icon: Package,
    title: 'Listing items',
    text: 'Up to 5 photos per item. Everything is now free: no membership fees, no tokens, unlimited listings, messages and offers.',
  },
  {
    icon: Handshake,
    title: 'Making swaps',
    text: 'Offers arrive under My Offers. Accept or decline, chat, mark the swap completed, then rate each other.',
  },
  {
    icon: ShieldCheck,
    title: 'Safety and trust',
    text: 'Meet in public, bring a friend for valuable items, inspect items first and never share banking details.',
  },
];

export function HelpPage() {
  return (
    <Page>
      <PageTitle lead="Answers to the questions members ask most.">Help Centre</PageTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {HELP_TOPICS.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <Icon className="size-7 text-brand-700" aria-hidden />
            <h2 className="mt-3 text-lg font-bold">{title}</h2>
            <p className="mt-2 text-muted">{text}</p>
          </Card>
        ))}
      </div>
      <Card className="mt-8 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <HelpCircle className="size-7 text-brand-700" aria-hidden />
          <p className="font-medium">Still stuck? We are happy to help.</p>
        </div>
        <Button asChild>
          <Link to="/contact">Contact us</Link>
        </Button>
      </Card>
    </Page>
  );
}

export function ContactPage() {
  const { siteName, socialUrl } = useSiteConfig();
  return (
    <Page narrow>
      <PageTitle lead={`The quickest way to reach the ${siteName} team is our social page.`}>
        Contact Us
      </PageTitle>
      <Card>
        <p>
          Send us a message there about anything: a question, a problem with a swap, or an idea.
        </p>
        <Button asChild className="mt-5">
          <a href={socialUrl} target="_blank" rel="noopener noreferrer">
            Visit our social page <ExternalLink className="size-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </Card>
    </Page>
  );
}

export function DisclaimerPage() {
  const { siteName } = useSiteConfig();
  return (
    <Page narrow>
      <PageTitle>Disclaimer</PageTitle>
      <Prose>
        <p>
          {siteName} is a place where members arrange swaps with each other. We are not a party to
          any swap and do not inspect, own, store or deliver the items listed.
        </p>
        <h2>Age</h2>
        <p>You must be at least 18 years old to use {siteName}.</p>
        <h2>Items and descriptions</h2>
        <p>
          Members describe their own items. We cannot guarantee that an item exists, is as
          described, is safe or is legal to own. Inspect every item before you swap.
        </p>
        <h2>Meeting other members</h2>
        <p>
          Meet in public places, bring a friend for valuable items and never share banking details.
          You meet other members at your own risk.
        </p>
        <h2>Liability</h2>
        <p>
          To the extent the law allows, {siteName} is not liable for any loss or damage arising from
          swaps arranged through the site.
        </p>
      </Prose>
    </Page>
  );
}

export function TermsPage() {
  const { siteName } = useSiteConfig();
  return (
    <Page narrow>
      <PageTitle>Terms and Conditions</PageTitle>
      <Prose>
        <p>
          These terms apply to everyone who uses {siteName}. By creating an account you agree to
          them.
        </p>
        <h2>1. Who can use {siteName}</h2>
        <p>
          You must be at least 16 years old to create an account. One account per person; the
          details you give must be true.
        </p>
        <h2>2. Fees</h2>
        <p>
          Everything is now free: no membership fees, no tokens, unlimited listings, messages and
          offers.
        </p>
        <h2>3. What you may list</h2>
        <p>
          Only items you own and may lawfully give away. Animals, weapons, drugs, alcohol, tobacco,
          adult content, counterfeit, replica or stolen goods, and body parts are not allowed.
        </p>
        <h2>4. Your conduct</h2>
        <ul>
          <li>Describe items honestly and answer offers courteously.</li>
          <li>Do not harass, deceive or spam other members.</li>
          <li>Ratings must reflect a real swap.</li>
        </ul>
        <h2>5. Moderation</h2>
        <p>We may remove listings, reviews or accounts that break these terms.</p>
        <h2>6. Privacy</h2>
        <p>
          We store what you give us to run the service: your account details, listings, offers,
          messages and ratings. Your email address is never shown to other members. We record page
          visits (address, browser and page) to keep the service safe and to count visits, and
          delete those records after 90 days.
        </p>
        <h2>7. Governing law</h2>
        <p>
          These terms are governed by the law of England and Wales, United Kingdom, and disputes are
          subject to the jurisdiction of the UK courts.
        </p>
      </Prose>
    </Page>
  );
}
