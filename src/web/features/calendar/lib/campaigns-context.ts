import { createContext } from 'react';
import type { EventCampaign } from '#shared/contracts/planning.contract.ts';

/**
 * The campaign of each post of the range on screen, by post id, for the chips' colour and name
 * (docs/decisions/095). Empty until read; a chip without one is an ordinary post.
 */
export const CampaignsContext = createContext<ReadonlyMap<string, EventCampaign>>(new Map());
