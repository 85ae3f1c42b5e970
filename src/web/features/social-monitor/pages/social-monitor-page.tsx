import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAuth } from '../../auth/index.ts';
import { useActorCan } from '../../staff/index.ts';
import { InboxPanel } from '../components/inbox-panel.tsx';
import { NotificationsMenu } from '../components/notifications-menu.tsx';
import { ShortcutsHelp } from '../components/shortcuts-help.tsx';
import { ModerationPanel } from '../components/settings/moderation-panel.tsx';
import { ResponseTimesPanel } from '../components/settings/response-times-panel.tsx';
import { SavedRepliesPanel } from '../components/settings/saved-replies-panel.tsx';
import { SyncPanel } from '../components/settings/sync-panel.tsx';
import { PANELS, useInboxState, type Panel } from '../lib/use-inbox-state.ts';

// The social monitor (docs/product/screens.md#social-monitor, docs/decisions/091): one inbox for
// the comments and direct messages of the connected accounts, with the team's configuration
// beside it. Every member reads; staff and up answer ('reply:inbox'); managers and owners
// configure moderation rules and saved replies ('manage:inbox').

const PANEL_LABELS: Record<Panel, string> = {
  inbox: 'Inbox',
  sync: 'Sync',
  moderation: 'Moderation',
  'saved-replies': 'Saved replies',
  'response-times': 'Response times',
};

export default function SocialMonitorPage() {
  const { user } = useAuth();
  const state = useInboxState();
  const [helpOpen, setHelpOpen] = useState(false);
  // Answering and configuring show once the server has said the role (src/web/README.md).
  const { known, can } = useActorCan();
  const me = { userId: user?.id ?? 'anonymous', name: 'You' };
  const canReply = known && can('reply:inbox');
  const canManage = known && can('manage:inbox');
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Social Monitor"
        description="Comments and direct messages from your Instagram and Facebook accounts, answered in one place."
        actions={<NotificationsMenu onOpenThread={(id) => state.openThread(id)} />}
      />
      <div className="flex items-center justify-between gap-3">
        <nav aria-label="Social monitor sections" className="-mx-1 min-w-0 overflow-x-auto px-1">
          <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
            {PANELS.map((panel) => (
              <li key={panel}>
                <button
                  type="button"
                  aria-current={state.panel === panel ? 'page' : undefined}
                  onClick={() => state.setPanel(panel)}
                  className={cn(
                    'h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    state.panel === panel
                      ? 'bg-card text-foreground shadow-sm'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {PANEL_LABELS[panel]}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {state.panel === 'inbox' ? (
          <div className="hidden shrink-0 lg:block">
            <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
          </div>
        ) : null}
      </div>
      {state.panel === 'inbox' ? (
        <InboxPanel state={state} me={me} canReply={canReply} onHelp={() => setHelpOpen(true)} />
      ) : null}
      {state.panel === 'sync' ? <SyncPanel canSync={canReply} /> : null}
      {state.panel === 'moderation' ? (
        <ModerationPanel canManage={canManage} canUndo={canReply} />
      ) : null}
      {state.panel === 'saved-replies' ? <SavedRepliesPanel canManage={canManage} /> : null}
      {state.panel === 'response-times' ? <ResponseTimesPanel /> : null}
    </div>
  );
}
