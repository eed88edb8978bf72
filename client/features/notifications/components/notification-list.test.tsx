import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../shared/notifications';
import { renderWithProviders } from '../../../testing/render';
import { NotificationList } from './notification-list';

const cancelled: Notification = {
  id: 1,
  type: 'offer-cancelled',
  text: 'bob cancelled your accepted swap of “Kettle”: It broke',
  link: '/my-offers',
  createdAt: new Date().toISOString(),
  read: false,
};

describe('NotificationList', () => {
  it("shows a cancelled swap with the server's words, its own icon and a link to My Offers", () => {
    renderWithProviders(<NotificationList items={[cancelled]} onOpen={() => {}} />);
    const link = screen.getByRole('link', { name: /bob cancelled your accepted swap/ });
    expect(link).toHaveAttribute('href', '/my-offers');
    expect(link).toHaveTextContent(
      'Unread: bob cancelled your accepted swap of “Kettle”: It broke',
    );
    expect(link.querySelector('svg.lucide-circle-x')).not.toBeNull();
  });
});
