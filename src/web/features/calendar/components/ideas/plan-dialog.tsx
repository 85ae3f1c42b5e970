import { useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  addDays,
  formatDateKey,
  formatTimeKey,
  parseDateKey,
  parseTimeKey,
  zonedDate,
} from '../../../../lib/zoned-time.ts';
import { DateTimeFields } from '../../../posts/index.ts';
import { DEFAULT_CREATE_HOUR } from '../../lib/calendar-model.ts';
import type { Idea } from '../../lib/ideas-model.ts';
import type { PlanAt } from '../../lib/use-ideas.ts';

// "Plan…": the keyboard's way to put an idea on a day (docs/decisions/078). A date and a time in
// the business time zone; the composer then opens on the idea there and does every check.

export function PlanDialog({
  idea,
  timeZone,
  busy,
  onClose,
  onPlan,
}: {
  idea: Idea | null;
  timeZone: string;
  busy: boolean;
  onClose(): void;
  onPlan(idea: Idea, at: PlanAt): void;
}) {
  return (
    <Dialog open={idea !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        {idea ? (
          <PlanForm idea={idea} timeZone={timeZone} busy={busy} onPlan={onPlan} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({
  idea,
  timeZone,
  busy,
  onPlan,
  onClose,
}: {
  idea: Idea;
  timeZone: string;
  busy: boolean;
  onPlan(idea: Idea, at: PlanAt): void;
  onClose(): void;
}) {
  // Tomorrow at the calendar's usual hour: a time the composer can schedule.
  const [values, setValues] = useState(() => ({
    date: formatDateKey(addDays(zonedDate(new Date(), timeZone), 1)),
    time: formatTimeKey(DEFAULT_CREATE_HOUR, 0),
  }));
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const date = parseDateKey(values.date);
    if (!date || !parseTimeKey(values.time)) {
      setError('Choose a date and a time');
      return;
    }
    onPlan(idea, { date, time: values.time });
  };
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Plan “{idea.title}”</DialogTitle>
        <DialogDescription>
          It opens in the composer at this date and time, where you choose its accounts and schedule
          it.
        </DialogDescription>
      </DialogHeader>
      <DateTimeFields
        values={values}
        timeZone={timeZone}
        dateError={error}
        onChange={(change) => {
          setError(undefined);
          setValues((v) => ({ ...v, ...change }));
        }}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Open in the composer
        </Button>
      </DialogFooter>
    </form>
  );
}
