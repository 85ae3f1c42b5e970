import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { UploadEntry } from '../../../media/index.ts';
import { MediaField } from './media-field.tsx';
import { Section } from './section.tsx';

/** "Media": the library files attached, in publishing order, uploads on the spot included. */
export function MediaSection(props: {
  ids: string[];
  items: ReadonlyMap<string, MediaItem>;
  missing: ReadonlySet<string>;
  flagged: ReadonlySet<string>;
  uploads: UploadEntry[];
  canUpload: boolean;
  disabled: boolean;
  onPick(): void;
  onFiles(files: FileList): void;
  onCancelUpload(key: string): void;
  onMove(id: string, by: -1 | 1): void;
  onRemove(id: string): void;
}) {
  return (
    <Section
      title="Media"
      description="Photos and videos from your library, published in this order."
    >
      <MediaField {...props} />
    </Section>
  );
}
