import { useState, type ReactNode } from 'react';
import { CalendarClock, Send } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { DateTimeFields } from '../../../posts/index.ts';
import { people } from '../lib/format.ts';
import { defaultSchedule, sendAtOf, type ScheduleValues } from '../lib/schedule.ts';

// The questions before an e-mail goes out: how many people it reaches, then Send now, or the
// date and time in the business time zone and Schedule.

function SendDialog({
  open,
  title,
  description,
  action,
  icon,
  busy,
  children,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  description: string;
  action: string;
  icon: ReactNode;
  busy: boolean;
  children?: ReactNode;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button loading={busy} onClick={onConfirm}>
            {icon}
            {action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const reachText = (reachable: number) =>
  `It goes to ${people(reachable)}: the segment's contacts with an e-mail address and consent, leaving out the suppression list. It cannot be taken back once sent.`;

export function SendNowDialog({
  open,
  reachable,
  busy,
  onSend,
  onOpenChange,
}: {
  open: boolean;
  reachable: number;
  busy: boolean;
  onSend(): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <SendDialog
      open={open}
      title={`Send this e-mail now to ${people(reachable)}?`}
      description={reachText(reachable)}
      action="Send now"
      icon={<Send aria-hidden className="size-4" />}
      busy={busy}
      onConfirm={onSend}
      onOpenChange={onOpenChange}
    />
  );
}

export function ScheduleDialog({
  open,
  reachable,
  timeZone,
  busy,
  serverError,
  onSchedule,
  onOpenChange,
}: {
  open: boolean;
  reachable: number;
  timeZone: string;
  busy: boolean;
  /** The server's refusal of the time (it checks the time again). */
  serverError?: string | undefined;
  onSchedule(sendAt: string): void;
  onOpenChange(open: boolean): void;
}) {
  const [values, setValues] = useState<ScheduleValues>(() => defaultSchedule(timeZone));
  const [error, setError] = useState<string | undefined>();
  // The server's refusal is about the time it was given: a changed time hides it.
  const [changed, setChanged] = useState(false);

  function confirm() {
    const answer = sendAtOf(values, timeZone);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setError(undefined);
    setChanged(false);
    onSchedule(answer.sendAt);
  }

  return (
    <SendDialog
      open={open}
      title={`Schedule this e-mail for ${people(reachable)}`}
      description={`${reachText(reachable)} Who it reaches is worked out again when it goes out.`}
      action="Schedule"
      icon={<CalendarClock aria-hidden className="size-4" />}
      busy={busy}
      onConfirm={confirm}
      onOpenChange={onOpenChange}
    >
      <DateTimeFields
        values={values}
        timeZone={timeZone}
        dateError={error ?? (changed ? undefined : serverError)}
        onChange={(change) => {
          setError(undefined);
          setChanged(true);
          setValues((v) => ({ ...v, ...change }));
        }}
      />
    </SendDialog>
  );
}
