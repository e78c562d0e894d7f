import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const badgeVariants = cva(
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
  {
    variants: {
      tone: {
        neutral: 'bg-tone-neutral-bg text-tone-neutral-fg ring-tone-neutral-ring',
        blue: 'bg-tone-blue-bg text-tone-blue-fg ring-tone-blue-ring',
        green: 'bg-tone-green-bg text-tone-green-fg ring-tone-green-ring',
        amber: 'bg-tone-amber-bg text-tone-amber-fg ring-tone-amber-ring',
        red: 'bg-tone-red-bg text-tone-red-fg ring-tone-red-ring',
        violet: 'bg-tone-violet-bg text-tone-violet-fg ring-tone-violet-ring',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({
  className,
  tone,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  // data-slot: the browser tests find every badge by it, to check that none reaches past its card.
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
