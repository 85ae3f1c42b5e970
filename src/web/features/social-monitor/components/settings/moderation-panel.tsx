import { useState } from 'react';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import type { ModerationRule } from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../../components/ui/card.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { useConnections } from '../../../platforms/index.ts';
import { useDeleteRule, useRules } from '../../api/use-inbox-config.ts';
import { connectionLabel } from '../../lib/format.ts';
import { refusalText } from '../../lib/refusal.ts';
import { ModerationAudit } from './moderation-audit.tsx';
import { RuleDialog } from './rule-dialog.tsx';

/**
 * Moderation rules per account (owner and manager write them), then what they did, each action
 * undone in one click by anyone who answers.
 */
export function ModerationPanel({ canManage, canUndo }: { canManage: boolean; canUndo: boolean }) {
  const rules = useRules();
  const remove = useDeleteRule();
  const connections = useConnections().data ?? [];
  const [editing, setEditing] = useState<ModerationRule | 'new' | null>(null);
  const accountName = (id: string) => {
    const c = connections.find((x) => x.id === id);
    if (!c) return 'A disconnected account';
    return connectionLabel(c);
  };
  return (
    <div className="grid gap-5">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Moderation rules</CardTitle>
            <CardDescription>
              Hide or flag new comments that contain certain words or match a pattern, per account.
              {canManage ? '' : ' Managers and the owner set them up.'}
            </CardDescription>
          </div>
          {canManage ? (
            <Button onClick={() => setEditing('new')} disabled={connections.length === 0}>
              <Plus aria-hidden className="size-4" /> New rule
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-3">
          {remove.isError ? (
            <Alert variant="destructive" title="The rule was not deleted">
              {refusalText(remove.error)}
            </Alert>
          ) : null}
          <QueryContent
            query={rules}
            loading={{ label: 'Loading rules', rows: 2, rowClassName: 'h-16 w-full' }}
            errorTitle="Moderation rules could not be loaded"
            empty={
              <EmptyState
                icon={ShieldCheck}
                title="No rules yet"
                description="Without rules, every comment stays as it was written until someone on your team acts on it."
              />
            }
          >
            {(list) => (
              <ul className="divide-y divide-border rounded-lg border border-border">
                {list.map((rule) => (
                  <li key={rule.id} className="flex flex-wrap items-start gap-3 p-4">
                    <div className="grid min-w-0 flex-1 gap-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {rule.name}
                        <Badge variant={rule.action === 'hide' ? 'warning' : 'secondary'}>
                          {rule.action === 'hide' ? 'Hides' : 'Flags'}
                        </Badge>
                        {rule.enabled ? null : <Badge variant="outline">Off</Badge>}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {accountName(rule.connectionId)}
                      </p>
                      <p className="text-sm break-words text-muted-foreground">
                        {rule.keywords.length > 0 ? `Words: ${rule.keywords.join(', ')}` : null}
                        {rule.keywords.length > 0 && rule.pattern ? ' · ' : null}
                        {rule.pattern ? (
                          <>
                            Pattern: <code className="font-mono text-xs">{rule.pattern}</code>
                          </>
                        ) : null}
                      </p>
                    </div>
                    {canManage ? (
                      <div className="flex gap-1">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Edit ${rule.name}`}
                          onClick={() => setEditing(rule)}
                        >
                          <Pencil aria-hidden className="size-3.5" /> Edit
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:bg-destructive/10"
                          aria-label={`Delete ${rule.name}`}
                          loading={remove.isPending && remove.variables === rule.id}
                          onClick={() => remove.mutate(rule.id)}
                        >
                          <Trash2 aria-hidden className="size-3.5" /> Delete
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </QueryContent>
        </CardContent>
      </Card>
      <ModerationAudit canUndo={canUndo} />
      <RuleDialog editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
