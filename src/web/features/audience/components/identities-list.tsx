import { toast } from 'sonner';
import type { ContactDetail } from '#shared/contracts/audience.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { reportError } from '../../../lib/errors.ts';
import { PlatformIcon } from '../../platforms/index.ts';
import { useSplitContact } from '../api/use-audience-actions.ts';
import { PLATFORM_NAMES } from '../lib/format.ts';

/** The platform identities of a contact; with more than one, each can be split off again. */
export function IdentitiesList({ contact }: { contact: ContactDetail }) {
  const split = useSplitContact(contact.id);
  const canSplit = contact.identities.length > 1;
  return (
    <ul aria-label="Identities" className="grid gap-2">
      {contact.identities.map((identity) => {
        const who = identity.handle
          ? `@${identity.handle}`
          : (identity.name ?? identity.externalId);
        return (
          <li key={identity.id} className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="outline">
              <PlatformIcon platform={identity.platform} aria-hidden className="size-3.5" />
              {PLATFORM_NAMES[identity.platform]}
            </Badge>
            <span className="font-medium">{who}</span>
            {identity.name && identity.handle ? (
              <span className="text-muted-foreground">{identity.name}</span>
            ) : null}
            {canSplit ? (
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                aria-label={`Split ${who} (${PLATFORM_NAMES[identity.platform]}) into its own contact`}
                loading={split.isPending && split.variables === identity.id}
                onClick={() =>
                  split.mutate(identity.id, {
                    onSuccess: () => toast.success(`${who} is a contact of its own again`),
                    onError: (error) => reportError(error),
                  })
                }
              >
                Split
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
