import { type ComponentPropsWithRef, cloneElement, isValidElement, type ReactElement } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 shadow-sm',
  secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  outline: 'border border-line bg-white text-ink hover:bg-stone-50',
  ghost: 'text-ink hover:bg-stone-100',
  destructive: 'bg-danger text-white hover:bg-red-800',
  /** For dark backgrounds such as the home hero. */
  inverse: 'bg-white text-brand-800 hover:bg-brand-50 shadow-sm',
  inverseGhost: 'text-white hover:bg-white/10',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

/** A button's attributes and its `ref` (React 19 hands it on like any prop). */
export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child (e.g. a router Link) with button styling. */
  asChild?: boolean;
};

type Styled = { className?: string };

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  className,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  if (asChild) {
    // The child (a link) takes the button's looks and any other attribute given here; done by
    // hand rather than with Radix's Slot, which weighs 1.4 KB gzip on every page (issue 41).
    const { children, ...rest } = props;
    if (!isValidElement<Styled>(children)) throw new Error('Button asChild needs one element');
    return cloneElement(children as ReactElement<Styled>, {
      ...rest,
      className: cn(classes, children.props.className),
    });
  }
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
