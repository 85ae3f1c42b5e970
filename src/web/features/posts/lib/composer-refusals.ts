import { fieldOf, mediaIdOf, type ComposerProblem } from './composer-checks.ts';

// A refusal of the server as the composer's problems, each with its account. The error envelope
// carries one message per field (details.fieldErrors); a field of an account is numbered by the
// account's place in the list sent (`targets.N.…`), and its message starts with the account's
// name (docs/decisions/087).

export interface TargetRef {
  connectionId: string | null;
  account: string | null;
}

/**
 * A refusal's field errors as problems. Target fields carry their index in the list sent
 * (`order`) and a file's index in the media sent (`mediaIds`); their messages start with the
 * account's name, which is taken off because the composer shows the account beside it.
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
