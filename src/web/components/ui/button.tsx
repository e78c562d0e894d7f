import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-accent text-white shadow-sm hover:bg-accent-hover',
        secondary: 'border border-line-strong bg-surface text-fg shadow-sm hover:bg-surface-hover',
        danger: 'bg-danger text-white shadow-sm hover:bg-danger-hover',
        ghost: 'text-fg-soft hover:bg-surface-hover',
        link: 'text-accent-fg underline-offset-4 hover:underline',
      },
      size: {
        md: 'h-9 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-10 px-6',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      className={cn(buttonVariants({ variant, size }), className)}
      // A button outside a form should never submit one by accident.
      type={type ?? 'button'}
      {...props}
    />
  );
}
