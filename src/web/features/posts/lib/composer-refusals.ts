import type { PublishingState } from '#shared/contracts/publishing.contract.ts';
import { fieldOf, mediaIdOf, type ComposerProblem } from './composer-checks.ts';

// A refusal of the server (schedule, publish now, targets) as the composer's problems, each with
// its account (docs/decisions/085: the envelope carries field errors only).

export interface TargetRef {
  connectionId: string | null;
  account: string | null;
}

/**
 * The targets the server checks when it schedules or publishes, in its order: those not
 * published yet. Each is named as `known` names its account, else as the server has it.
 */
export function pendingTargetRefs(
  state: PublishingState,
  known: readonly TargetRef[],
): TargetRef[] {
  return state.targets
    .filter((t) => t.status !== 'published')
    .map((t) => ({
      connectionId: t.connection_id,
      account: known.find((k) => k.connectionId === t.connection_id)?.account ?? t.account_name,
    }));
}

/**
 * A refusal's field errors as problems. Target fields carry their index in the list the server
 * checked (`order`) and a file's index in the media sent (`mediaIds`); their messages start with
 * the account's name, which is taken off because the composer shows the account beside it.
 */
export function problemsFromFieldErrors(
  fieldErrors: Readonly<Record<string, string>>,
  order: readonly TargetRef[],
  mediaIds: readonly string[] = [],
): ComposerProblem[] {
  return Object.entries(fieldErrors).map(([key, raw]) => {
    const index = /^targets\.(\d+)(?:\.|$)/.exec(key)?.[1];
    let ref: TargetRef | undefined = index === undefined ? undefined : order[Number(index)];
    if (!ref && key === 'content') {
      ref = order.find((o) => o.account !== null && raw.startsWith(`${o.account}: `));
    }
    const prefix = ref?.account ? `${ref.account}: ` : null;
    const message = prefix && raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
    const mediaId = mediaIdOf(key, mediaIds);
    return {
      field: fieldOf(key),
      connectionId: ref?.connectionId ?? null,
      account: ref?.account ?? null,
      rule: key,
      message,
      blocksDraft: false,
      ...(mediaId ? { mediaId } : {}),
    };
  });
}
