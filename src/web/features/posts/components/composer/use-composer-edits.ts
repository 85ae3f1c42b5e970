import type { Dispatch } from 'react';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { suggestedFormat, type ComposerValues } from '../../lib/composer-model.ts';
import type { ComposerAction } from './use-composer-state.ts';

type Update = Partial<ComposerValues> | ((v: ComposerValues) => ComposerValues);

/** The person's changes in the composer: fields, accounts and their formats, the media order. */
export function useComposerEdits(dispatch: Dispatch<ComposerAction>) {
  const edit = (update: Update) => dispatch({ type: 'edit', update });

  function toggleAccount(connection: Connection, chosen: boolean) {
    edit((v) => ({
      ...v,
      targets: chosen
        ? [
            ...v.targets,
            {
              connectionId: connection.id,
              format: suggestedFormat(connection.platform, v.mediaIds.length),
            },
          ]
        : v.targets.filter((t) => t.connectionId !== connection.id),
    }));
    if (chosen) dispatch({ type: 'preview', connectionId: connection.id });
  }

  function setFormat(connectionId: string, format: TargetFormat) {
    edit((v) => ({
      ...v,
      targets: v.targets.map((t) => (t.connectionId === connectionId ? { ...t, format } : t)),
    }));
  }

  function moveMedia(id: string, by: -1 | 1) {
    edit((v) => {
      const list = [...v.mediaIds];
      const from = list.indexOf(id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return v;
      [list[from], list[to]] = [list[to]!, list[from]!];
      return { ...v, mediaIds: list };
    });
  }

  return { edit, toggleAccount, setFormat, moveMedia };
}
