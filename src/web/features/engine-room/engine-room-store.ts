import { createStore, useStore } from '../../lib/create-store.ts';

// docs/product/routes.md#engine-room-state: engine room state is the active tab (default "prompt"),
// the session id and the campaign being viewed. Kept outside the page so leaving the engine room
// and coming back resumes the same conversation.

export const ENGINE_ROOM_TABS = ['prompt', 'sessions', 'campaign'] as const;
export type EngineRoomTab = (typeof ENGINE_ROOM_TABS)[number];

export interface EngineRoomState {
  activeTab: EngineRoomTab;
  sessionId: string | null;
  viewingCampaignId: string | null;
}

export const engineRoomStore = createStore<EngineRoomState>(() => ({
  activeTab: 'prompt',
  sessionId: null,
  viewingCampaignId: null,
}));

export function useEngineRoom<S>(select: (state: EngineRoomState) => S): S {
  return useStore(engineRoomStore, select);
}

export const engineRoomActions = {
  setActiveTab: (activeTab: EngineRoomTab) => engineRoomStore.set({ activeTab }),
  setSessionId: (sessionId: string | null) => engineRoomStore.set({ sessionId }),
  viewCampaign: (viewingCampaignId: string | null) =>
    engineRoomStore.set({
      viewingCampaignId,
      activeTab: viewingCampaignId ? 'campaign' : 'prompt',
    }),
};
