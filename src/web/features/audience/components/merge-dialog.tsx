import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { ContactDetail } from '#shared/contracts/audience.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { reportError } from '../../../lib/errors.ts';
import { useMergeContact } from '../api/use-audience-actions.ts';
import { useContacts } from '../api/use-audience-queries.ts';
import { PLATFORM_NAMES } from '../lib/format.ts';
import { ContactAvatar } from './contact-avatar.tsx';

/** Finds another contact (the same person elsewhere) and moves their identities to this one. */
export function MergeDialog({
  contact,
  open,
  onOpenChange,
}: {
  contact: ContactDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Merge with another contact</DialogTitle>
          <DialogDescription>
            Their identities and conversations join {contact.name}; {contact.name}'s e-mail, phone,
            tags and the other details stay as they are. You can split an identity off again.
          </DialogDescription>
        </DialogHeader>
        <MergePicker contact={contact} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The search and its results; read only while the dialog is open. */
function MergePicker({ contact, onDone }: { contact: ContactDetail; onDone(): void }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const params = useMemo(() => ({ q, segmentId: '', page: 1 }), [q]);
  const results = useContacts(params);
  const merge = useMergeContact(contact.id);
  const others = (results.data?.items ?? []).filter((c) => c.id !== contact.id);

  return (
    <>
      <Input
        type="search"
        aria-label="Find a contact"
        placeholder="Search by name or handle"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {results.data && others.length === 0 ? (
        <p className="text-sm text-muted-foreground">No other contact matches.</p>
      ) : (
        <ul aria-label="Contacts to merge" className="grid max-h-72 gap-2 overflow-y-auto">
          {others.map((c) => (
            <li key={c.id} className="flex items-center gap-2 text-sm">
              <ContactAvatar name={c.name} pictureUrl={c.pictureUrl} className="size-7" />
              <span className="min-w-0 flex-1 truncate">
                {c.name}
                {c.handle ? <span className="text-muted-foreground"> @{c.handle}</span> : null}
                <span className="text-muted-foreground">
                  {' '}
                  · {c.platforms.map((p) => PLATFORM_NAMES[p]).join(', ')}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Merge ${c.name}`}
                loading={merge.isPending && merge.variables === c.id}
                disabled={merge.isPending}
                onClick={() =>
                  merge.mutate(c.id, {
                    onSuccess: () => {
                      toast.success(`${c.name} merged into ${contact.name}`);
                      onDone();
                    },
                    onError: (error) => reportError(error),
                  })
                }
              >
                Merge
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
