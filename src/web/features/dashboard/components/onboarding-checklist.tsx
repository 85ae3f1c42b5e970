import { Link } from 'react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

export interface ChecklistItem {
  label: string;
  description: string;
  href: string;
  done: boolean;
}

/** The first steps, until all are done. */
export function OnboardingChecklist({ items }: { items: ChecklistItem[] }) {
  const doneCount = items.filter((item) => item.done).length;
  if (doneCount === items.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Get started with Soci Gen</CardTitle>
        <CardDescription>
          {doneCount} of {items.length} steps done
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.href}>
              <Link
                to={item.href}
                className={cn(
                  'flex h-full gap-3 rounded-lg border border-border p-4 transition-colors hover:bg-muted',
                  item.done ? 'bg-muted/50' : '',
                )}
              >
                {item.done ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                )}
                <span className="grid gap-1">
                  <span
                    className={cn(
                      'text-sm font-medium text-foreground',
                      item.done ? 'line-through decoration-muted-foreground' : '',
                    )}
                  >
                    {item.label}
                    <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">{item.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
