import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentTranslator } from '../../../lib/i18n';
import { membershipSpan, responseTime } from '../reliability-text';
import { ProfileReliability, problemsText } from './profile-reliability';

// English, with the profile area's messages the component's module brought.
const { _ } = currentTranslator();

describe('reliability words', () => {
  it('puts the typical response time in minutes, hours or days', () => {
    const within = (minutes: number) => _('profile.responds', responseTime(minutes));
    expect(within(1)).toBe('Typically responds within 1 minute');
    expect(within(30)).toBe('Typically responds within 30 minutes');
    expect(within(90)).toBe('Typically responds within 2 hours');
    expect(within(60 * 30)).toBe('Typically responds within 30 hours');
    expect(within(60 * 24 * 3)).toBe('Typically responds within 3 days');
  });

  it('says how long someone has been a member', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const age = (createdAt: string) => _('profile.memberFor', membershipSpan(createdAt, now));
    expect(age('2026-11-23T08:00:00Z')).toBe('Member for less than a day');
    expect(age('2026-11-22T08:00:00Z')).toBe('Member for 1 day');
    expect(age('2026-09-01T08:00:00Z')).toBe('Member for 2 months');
    expect(age('2024-06-01T08:00:00Z')).toBe('Member for 2 years');
  });
});

describe('ProfileReliability', () => {
  it('shows the rate, typical time, completed swaps and circles and membership age', () => {
    render(
      <ProfileReliability
        reliability={{
          responseRate: 75,
          typicalResponseMinutes: 30,
          offersCounted: 4,
          completedSwaps: 3,
          completedCircles: 1,
          problemsOpen: 0,
          problemsUpheld: 0,
        }}
        createdAt={new Date(Date.now() - 3 * 86_400_000).toISOString()}
      />,
    );
    const section = screen.getByRole('region', { name: 'Reliability' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Answers 75% of offers (last 90 days)',
      'Typically responds within 30 minutes',
      '3 completed swaps',
      '1 completed swap circle',
      'Member for 3 days',
    ]);
  });

  it('says so when there is nothing to go on', () => {
    render(
      <ProfileReliability
        reliability={{
          responseRate: null,
          typicalResponseMinutes: null,
          offersCounted: 0,
          completedSwaps: 0,
          completedCircles: 0,
          problemsOpen: 0,
          problemsUpheld: 0,
        }}
        createdAt={new Date().toISOString()}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'No offers to answer in the last 90 days',
      '0 completed swaps',
      'Member for less than a day',
    ]);
  });
});

describe('problems on reliability', () => {
  it('counts open and upheld problems, and says nothing without any', () => {
    expect(problemsText(_, 0, 0)).toBeNull();
    expect(problemsText(_, 1, 0)).toBe('1 problem reported, under review');
    expect(problemsText(_, 2, 1)).toBe(
      '1 problem upheld by moderators · 2 problems reported, under review',
    );
    expect(problemsText(_, 0, 3)).toBe('3 problems upheld by moderators');
  });

  it('shows the counts among the reliability lines', () => {
    render(
      <ProfileReliability
        reliability={{
          responseRate: null,
          typicalResponseMinutes: null,
          offersCounted: 0,
          completedSwaps: 2,
          completedCircles: 0,
          problemsOpen: 1,
          problemsUpheld: 1,
        }}
        createdAt={new Date().toISOString()}
      />,
    );
    expect(
      screen.getByText('1 problem upheld by moderators · 1 problem reported, under review'),
    ).toBeInTheDocument();
  });
});
