import { createContext } from 'react';
import type { EventCover } from '#shared/contracts/planning.contract.ts';

/**
 * The first medium of each post of the range on screen, by post id, for the calendar's chips
 * (docs/decisions/078). Empty until the covers are read; a chip without one shows no picture.
 */
export const CoversContext = createContext<ReadonlyMap<string, EventCover>>(new Map());
