import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast';
import { AppToaster } from './app-toaster';

describe('AppToaster', () => {
  it('mounts sonner on the first toast and shows that toast', async () => {
    const { container } = render(<AppToaster />);
    expect(container.innerHTML).toBe('');
    toast.success('Item saved', { description: 'It is listed now' });
    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    expect(screen.getByText('It is listed now')).toBeInTheDocument();
    toast.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
  });
});
