import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberHome } from '../../../../shared/users';
import { HomeReliability } from './home-reliability';

const home = (fields: Partial<MemberHome>): MemberHome => ({
  host: 'west.example',
  profileUrl: 'https://west.example/profile/u9',
  reliability: null,
  reportedAt: null,
  ...fields,
});

describe('HomeReliability', () => {
  it('shows what the member’s home reports, marked with its host and date', () => {
    render(
      <HomeReliability
        createdAt="2026-01-01T00:00:00Z"
        home={home({
          reliability: {
            responseRate: 90,
            typicalResponseMinutes: 30,
            offersCounted: 10,
            completedSwaps: 7,
            completedCircles: 0,
            problemsOpen: 0,
            problemsUpheld: 0,
          },
          reportedAt: new Date(2026, 10, 5, 12).toISOString(),
        })}
      />,
    );
    const section = screen.getByRole('region', { name: 'Reliability at west.example' });
    expect(section).toHaveTextContent('7 completed swaps');
    expect(section).toHaveTextContent('Answers 90% of offers (last 90 days)');
    expect(section).toHaveTextContent('As west.example reports it, 5 Nov 2026.');
    expect(screen.getByRole('link', { name: 'Their profile on west.example' })).toHaveAttribute(
      'href',
      'https://west.example/profile/u9',
    );
  });

  it('says when home has not reported yet, with no figures of its own', () => {
    render(<HomeReliability createdAt="2026-01-01T00:00:00Z" home={home({})} />);
    expect(
      screen.getByText('west.example has not reported this member’s reliability yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/completed swap/)).not.toBeInTheDocument();
  });
});
