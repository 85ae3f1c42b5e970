import { afterEach, describe, expect, it } from 'vitest';
import { engineRoomActions, engineRoomStore } from './engine-room-store.ts';

describe('engine room store', () => {
  afterEach(() => engineRoomStore.reset());

  it('starts on the prompt tab with no session and no campaign', () => {
    expect(engineRoomStore.get()).toEqual({
      activeTab: 'prompt',
      sessionId: null,
      viewingCampaignId: null,
    });
  });

  it('keeps the session id and opens the campaign tab when a campaign is viewed', () => {
    engineRoomActions.setSessionId('session-1');
    engineRoomActions.viewCampaign('campaign-9');
    expect(engineRoomStore.get()).toEqual({
      activeTab: 'campaign',
      sessionId: 'session-1',
      viewingCampaignId: 'campaign-9',
    });
    engineRoomActions.viewCampaign(null);
    expect(engineRoomStore.get().activeTab).toBe('prompt');
  });
});
