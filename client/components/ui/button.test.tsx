import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a button that does not submit unless told to', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.className).toContain('bg-brand-700');
  });

  it('asChild draws its one child with the button looks, the child keeping its own class, attributes and ref', () => {
    const ref = createRef<HTMLAnchorElement>();
    const onClick = vi.fn();
    render(
      <Button asChild variant="outline" size="sm" className="mt-6" aria-describedby="hint">
        <a href="/auth" className="w-full" ref={ref} onClick={onClick}>
          Sign in
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(link).toHaveAttribute('href', '/auth');
    expect(link).not.toHaveAttribute('type');
    expect(link).toHaveAttribute('aria-describedby', 'hint');
    expect(link.className.split(' ')).toEqual(
      expect.arrayContaining(['border-line', 'h-9', 'mt-6', 'w-full', 'inline-flex']),
    );
    expect(ref.current).toBe(link);
    link.click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
