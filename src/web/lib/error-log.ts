import { createErrorLog, ERROR_LOG_LIMIT } from '#shared/errors/index.ts';

/**
 * The one in-memory error history of the browser tab
 * (docs/product/constants.md#logging-and-monitor: the last 50 entries). The API client records
 * every failed call here and reportError everything else, so a support view or a bug report can
 * show what went wrong recently, with correlation ids.
 */
export const errorLog = createErrorLog(ERROR_LOG_LIMIT);
