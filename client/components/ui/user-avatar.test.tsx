import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('shows an emoji of up to two characters as the avatar', () => {
    render(<UserAvatar user={{ email: 'a@b.co', profileImageUrl: '🧑‍💻' }} label="Avatar" />);
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveTextContent('🧑‍💻');
  });

  it('shows an image, and the email initial when the image fails', () => {
    const { container } = render(
      <UserAvatar user={{ email: 'zoe@b.co', profileImageUrl: '/api/images/x' }} label="Avatar" />,
    );
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/api/images/x');
    if (!image) throw new Error('no image');
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('Z');
  });

  it('shows the initial when there is no picture', () => {
    const { container } = render(
      <UserAvatar user={{ email: 'max@b.co', profileImageUrl: null }} label="Avatar" />,
    );
    expect(container).toHaveTextContent('M');
  });
});
