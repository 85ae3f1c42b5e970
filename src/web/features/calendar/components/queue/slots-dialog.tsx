import { useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import {
  MAX_SLOTS_PER_DAY,
  type AccountQueue,
  type PostingSlot,
} from '#shared/contracts/queue.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import {
  formatSlotTime,
  timesOf,
  weekdayName,
  WEEKDAYS_FROM_MONDAY,
} from '../../lib/queue-model.ts';

// The account's weekly posting times (docs/decisions/077), per weekday, in the business time
// zone. Saving replaces them and places the queued posts again, in order; a refusal keeps what
// was typed and says why.

function withTime(slots: PostingSlot[], weekdays: readonly number[], time: string): PostingSlot[] {
  const added = weekdays
    .filter((weekday) => !slots.some((s) => s.weekday === weekday && s.time === time))
    .filter((weekday) => timesOf(slots, weekday).length < MAX_SLOTS_PER_DAY)
    .map((weekday) => ({ weekday, time }));
  return [...slots, ...added];
}

function AddTime({
  label,
  buttonLabel,
  onAdd,
  disabled,
}: {
  label: string;
  buttonLabel: string;
  onAdd(time: string): void;
  disabled?: boolean;
}) {
  const [time, setTime] = useState('');
  const add = () => {
    if (!/^\d{2}:\d{2}$/.test(time)) return;
    onAdd(time);
    setTime('');
  };
  return (
    <div className="flex items-center gap-2">
      <div className="w-32 shrink-0">
        <Input
          type="time"
          aria-label={label}
          value={time}
          onChange={(e) => setTime(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          className="sm:h-8"
        />
      </div>
      <Button type="button" variant="outline" size="sm" onClick={add} disabled={disabled || !time}>
        <Plus aria-hidden className="size-3.5" /> {buttonLabel}
      </Button>
    </div>
  );
}

export function SlotsDialog({
  account,
  timeZone,
  open,
  onOpenChange,
  saving,
  onSave,
}: {
  account: AccountQueue;
  timeZone: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  saving: boolean;
  onSave(slots: PostingSlot[]): Promise<unknown>;
}) {
  const [slots, setSlots] = useState<PostingSlot[]>(account.slots);
  const [error, setError] = useState<string[] | null>(null);
  const reset = (next: boolean) => {
    if (next) {
      setSlots(account.slots);
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await onSave(slots);
      onOpenChange(false);
    } catch (failure) {
      const fields = Object.values(fieldErrorsOf(failure));
      setError([userMessageOf(failure), ...fields]);
    }
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Posting times for {account.account_label}</DialogTitle>
            <DialogDescription>
              Posts added to the queue go out at these times, in your business time zone ({timeZone}
              ). Saving places the queued posts again, in their order.
            </DialogDescription>
          </DialogHeader>
          {account.slots_source !== 'account' ? (
            <p className="text-sm text-muted-foreground">
              {account.slots_source === 'posting_hours'
                ? 'These start from the posting hours in your settings.'
                : 'These are our suggested times; change them to suit your audience.'}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2 rounded-lg bg-muted/50 p-3">
            <span className="text-sm font-medium">Every day</span>
            <AddTime
              label="New time for every day"
              buttonLabel="Add to every day"
              onAdd={(time) => setSlots((s) => withTime(s, WEEKDAYS_FROM_MONDAY, time))}
            />
          </div>
          <ul className="grid divide-y divide-border rounded-lg border border-border">
            {WEEKDAYS_FROM_MONDAY.map((weekday) => {
              const day = weekdayName(weekday);
              const times = timesOf(slots, weekday);
              return (
                <li
                  key={weekday}
                  className="grid gap-2 p-3 sm:grid-cols-[7rem_1fr] sm:items-center"
                  aria-label={day}
                >
                  <span className="text-sm font-medium">{day}</span>
                  <div className="flex flex-wrap items-center gap-1.5">
                    {times.length === 0 ? (
                      <span className="text-sm text-muted-foreground">No posting times</span>
                    ) : null}
                    {times.map((time) => (
                      <span
                        key={time}
                        className="inline-flex items-center gap-1 rounded-full border border-border bg-secondary py-0.5 pr-1 pl-2.5 text-sm tabular-nums"
                      >
                        {formatSlotTime(time)}
                        <button
                          type="button"
                          aria-label={`Remove ${formatSlotTime(time)} on ${day}`}
                          onClick={() =>
                            setSlots((s) =>
                              s.filter((x) => !(x.weekday === weekday && x.time === time)),
                            )
                          }
                          className="rounded-full p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                        >
                          <X aria-hidden className="size-3.5" />
                        </button>
                      </span>
                    ))}
                    <AddTime
                      label={`New time on ${day}`}
                      buttonLabel="Add"
                      disabled={times.length >= MAX_SLOTS_PER_DAY}
                      onAdd={(time) => setSlots((s) => withTime(s, [weekday], time))}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          {error ? (
            <Alert variant="destructive" title={error[0]}>
              {error.length > 1 ? (
                <ul className="list-disc pl-4">
                  {error.slice(1).map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save times
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
