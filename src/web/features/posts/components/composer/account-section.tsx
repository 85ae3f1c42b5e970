import type { Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { Delivery } from '#shared/contracts/posts.contract.ts';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { accountLabel } from '#shared/account-label.ts';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import type { ComposerNotice, ComposerProblem } from '../../lib/composer-checks.ts';
import type { ComposerTarget } from '../../lib/composer-model.ts';
import { AccountPicker } from './account-picker.tsx';
import { ChecksList } from './checks-list.tsx';
import { Section } from './section.tsx';

interface AccountSectionProps {
  connectionsQuery: UseQueryResult<Connection[]>;
  connections: Connection[];
  targets: ComposerTarget[];
  quotas: AccountQuota[];
  quotaLoading: boolean;
  mediaKinds: Array<'image' | 'video'>;
  problemCounts: ReadonlyMap<string, number>;
  canEdit: boolean;
  /** The deliveries already published: history, named under the accounts. */
  published: Delivery[];
  checksRef: Ref<HTMLDivElement>;
  problems: ComposerProblem[];
  refused: ComposerProblem[];
  notices: ComposerNotice[];
  /** The action the checks stopped ("Schedule"…), or null. */
  blockedAction: string | null;
  onToggle(connection: Connection, chosen: boolean): void;
  onFormat(connectionId: string, format: TargetFormat): void;
}

/** "Publish to": the accounts with their format and quota, and the checks of each. */
export function AccountSection({
  connectionsQuery,
  connections,
  targets,
  quotas,
  quotaLoading,
  mediaKinds,
  problemCounts,
  canEdit,
  published,
  checksRef,
  problems,
  refused,
  notices,
  blockedAction,
  onToggle,
  onFormat,
}: AccountSectionProps) {
  return (
    <Section title="Publish to" description="Choose the accounts, and the format for each.">
      <QueryContent
        query={connectionsQuery}
        loading={{ label: 'Loading your accounts', rows: 2, rowClassName: 'h-16 w-full' }}
        errorTitle="Your accounts could not be loaded"
      >
        {() => (
          <AccountPicker
            connections={connections}
            targets={targets}
            quotas={quotas}
            quotaLoading={quotaLoading}
            mediaKinds={mediaKinds}
            problemCounts={problemCounts}
            disabled={!canEdit}
            onToggle={onToggle}
            onFormat={onFormat}
          />
        )}
      </QueryContent>
      {published.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Already published to{' '}
          {published
            .map((p) => {
              const c = connections.find((x) => x.id === p.connection_id);
              return c ? accountLabel(c) : (p.account_name ?? 'a removed account');
            })
            .join(', ')}
          : that stays as it is.
        </p>
      ) : null}
      {canEdit ? (
        <ChecksList
          ref={checksRef}
          problems={problems}
          refused={refused}
          notices={notices}
          blockedAction={blockedAction}
          targetCount={targets.length}
        />
      ) : null}
    </Section>
  );
}
