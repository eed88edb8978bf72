import { Calendar, MapPin } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { StarRating } from '../../../components/ui/star-rating';
import { formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { VerifyEmailNotice } from '../../auth/components/verify-email-notice';
import type { ProfileView } from '../profile-view';
import { HomeReliability } from './home-reliability';
import { ProfileActions } from './profile-actions';
import { ProfileAvatar } from './profile-avatar';
import { ProfileQuickStats } from './profile-quick-stats';
import { ProfileReliability } from './profile-reliability';

addMessages('profile', englishMessages);

/** The profile's header: who the member is, their rating, what you can do, and quick stats. */
export function ProfileCard({ view }: { view: ProfileView }) {
  const { _, locale } = useI18n();
  const { person, own, rating } = view;
  return (
    <Card className="flex flex-col gap-6 md:flex-row md:items-start">
      <ProfileAvatar person={person} own={own} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {/* A long nickname is one word: it breaks anywhere rather than widen the page. */}
          <h1 className="min-w-0 text-3xl font-bold [overflow-wrap:anywhere]">{view.name}</h1>
          {person.isMember && <Badge tone="brand">{_('profile.verified')}</Badge>}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-2">
          <StarRating value={rating.averageRating} size={18} />
          <span className="text-sm text-muted">
            {_('profile.reviews', { count: rating.totalRatings })}
          </span>
        </div>
        <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
          {person.location && (
            <span className="flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden /> {person.location}
            </span>
          )}
          <span className="flex items-center gap-1.5">
            <Calendar className="size-4" aria-hidden />{' '}
            {_('profile.memberSince', { date: formatDate(person.createdAt, locale) })}
          </span>
        </div>
        {person.bio && (
          <section className="mt-4">
            <h2 className="text-sm font-bold uppercase tracking-wide text-muted">
              {_('profile.about')}
            </h2>
            <p className="mt-1 whitespace-pre-line">{person.bio}</p>
          </section>
        )}
        {person.home ? (
          <HomeReliability home={person.home} createdAt={person.createdAt} />
        ) : (
          person.reliability && (
            <ProfileReliability reliability={person.reliability} createdAt={person.createdAt} />
          )
        )}
        {own && !own.isMember && (
          <div className="mt-4">
            <VerifyEmailNotice />
          </div>
        )}
        <ProfileActions view={view} />
      </div>
      <ProfileQuickStats activeListings={view.activeListings} totalSwaps={view.totalSwaps} />
    </Card>
  );
}
