import type { LucideIcon } from 'lucide-react';
import { Construction } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';

export function ComingSoonPanel({
  icon: Icon = Construction,
  label,
  summary,
}: {
  icon?: LucideIcon;
  label: string;
  summary: string;
}) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center sm:py-16">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon aria-hidden className="size-7" />
      </div>
      <Badge variant="secondary">Coming soon</Badge>
      <h2 className="text-xl font-semibold text-foreground">{label} is on its way</h2>
      <p className="max-w-xl text-sm text-muted-foreground sm:text-base">{summary}</p>
    </Card>
  );
}
