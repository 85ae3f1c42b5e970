import type { ReactNode } from 'react';

const TONES = {
  neutral: 'bg-muted text-muted-foreground',
  brand: 'bg-secondary text-secondary-foreground',
  soon: 'border border-warning/30 bg-warning/10 text-warning dark:text-amber-300',
} as const;

export function Badge({
  children,
  tone = 'neutral',
}: {
  children: ReactNode;
  tone?: keyof typeof TONES;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 align-middle text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function ComingSoonBadge() {
  return <Badge tone="soon">Coming soon</Badge>;
}
