import { useCallback, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAppNavigate } from '../../../lib/use-app-navigate.ts';
import { ENGINE_ROOM_PAGE, SESSIONS_PAGE, sessionPagePath } from '../api/paths.ts';
import { useEngineSession } from '../api/use-engine-queries.ts';
import { CampaignTab } from '../components/campaign-tab.tsx';
import { EngineRoomTabs, PANEL_ID, tabId } from '../components/engine-room-tabs.tsx';
import { PromptConsole } from '../components/prompt-console.tsx';
import { SessionsTab } from '../components/sessions-tab.tsx';
import { engineRoomActions, engineRoomStore, useEngineRoom } from '../engine-room-store.ts';
import { useConversation } from '../lib/use-conversation.ts';

// The engine room (docs/product/screens.md#engine-room): tabs Prompt (the default), Sessions and
// Campaign, with the state of docs/product/routes.md#engine-room-state in engine-room-store.ts.
// The open session's id is in the address (/dashboard/engine-room/sessions/:sessionId), so a
// shared address reopens it; coming back to /dashboard/engine-room resumes the last session, and
// /dashboard/engine-room/sessions (a session's breadcrumb) opens the Sessions tab.

export default function EngineRoomPage() {
  const params = useParams();
  const urlSessionId = params['sessionId'] ?? null;
  const listAddress = useLocation().pathname.replace(/\/+$/, '') === SESSIONS_PAGE;
  const navigate = useAppNavigate();
  const activeTab = useEngineRoom((s) => s.activeTab);
  const viewingCampaignId = useEngineRoom((s) => s.viewingCampaignId);
  const conversation = useConversation(urlSessionId);
  const session = useEngineSession(urlSessionId).data;

  useEffect(() => {
    // The breadcrumb of a session's address: the Sessions tab of the engine room.
    if (listAddress) {
      engineRoomActions.setActiveTab('sessions');
      const remembered = engineRoomStore.get().sessionId;
      navigate(remembered ? sessionPagePath(remembered) : ENGINE_ROOM_PAGE, { replace: true });
      return;
    }
    if (urlSessionId) {
      if (engineRoomStore.get().sessionId !== urlSessionId) {
        engineRoomActions.setSessionId(urlSessionId);
      }
      return;
    }
    const remembered = engineRoomStore.get().sessionId;
    if (remembered) navigate(sessionPagePath(remembered), { replace: true });
  }, [urlSessionId, listAddress, navigate]);

  const openSession = useCallback(
    (id: string) => {
      engineRoomActions.setSessionId(id);
      engineRoomActions.setActiveTab('prompt');
      navigate(sessionPagePath(id));
    },
    [navigate],
  );

  const newSession = useCallback(() => {
    conversation.stop();
    engineRoomActions.setSessionId(null);
    engineRoomActions.setActiveTab('prompt');
    navigate(ENGINE_ROOM_PAGE);
  }, [conversation, navigate]);

  const onDeleted = useCallback(
    (id: string) => {
      if (engineRoomStore.get().sessionId === id) engineRoomActions.setSessionId(null);
      if (id === urlSessionId) navigate(ENGINE_ROOM_PAGE, { replace: true });
    },
    [urlSessionId, navigate],
  );

  const campaignId = viewingCampaignId ?? session?.campaignId ?? null;

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-6">
      <PageHeader
        title="Engine Room"
        description="Talk to the content engine: it drafts posts, plans campaigns, finds media and checks posts. Nothing is saved until you confirm it."
      />
      <EngineRoomTabs tab={activeTab} onChange={engineRoomActions.setActiveTab} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(activeTab)} className="min-w-0">
        <div hidden={activeTab !== 'prompt'}>
          <PromptConsole
            sessionId={urlSessionId}
            conversation={conversation}
            onNewSession={newSession}
          />
        </div>
        {activeTab === 'sessions' ? (
          <SessionsTab currentId={urlSessionId} onOpen={openSession} onDeleted={onDeleted} />
        ) : null}
        {activeTab === 'campaign' ? <CampaignTab campaignId={campaignId} /> : null}
      </div>
    </div>
  );
}
