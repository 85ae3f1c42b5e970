import { useRef } from 'react';
import {
  ACCOUNT_IMAGE_MAX_BYTES,
  ACCOUNT_IMAGE_TYPES,
} from '#shared/contracts/account-security.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

// Choosing, replacing and removing one stored account image (a profile photo, a business logo).
// The browser checks type and size first; the server decodes and re-encodes it anyway.

export function imageFileProblem(file: File): string | null {
  if (!(ACCOUNT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Please choose a JPEG, PNG, WebP or GIF image.';
  }
  if (file.size > ACCOUNT_IMAGE_MAX_BYTES) return 'The image must be 5 MB or smaller.';
  return null;
}

export interface ImagePickerProps {
  /** What the image is, in the buttons: "photo", "logo". */
  noun: string;
  /** The file input's accessible name, e.g. "Choose a profile photo". */
  inputLabel: string;
  testId: string;
  hasImage: boolean;
  uploading: boolean;
  removing: boolean;
  error: string | null;
  /** Called with the browser's objection to a file, or null when it is acceptable. */
  onProblem: (problem: string | null) => void;
  onFile: (file: File) => void;
  onRemove: () => void;
  errorClassName?: string;
}

export function ImagePicker(props: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const { noun, hasImage } = props;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCOUNT_IMAGE_TYPES.join(',')}
        className="sr-only"
        aria-label={props.inputLabel}
        data-testid={props.testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const problem = imageFileProblem(file);
          props.onProblem(problem);
          if (!problem) props.onFile(file);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={props.uploading}
          onClick={() => input.current?.click()}
        >
          {hasImage ? `Change ${noun}` : `Upload ${noun}`}
        </Button>
        {hasImage ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            loading={props.removing}
            onClick={props.onRemove}
          >
            Remove
          </Button>
        ) : null}
      </div>
      {props.error ? (
        <p role="alert" className={cn('text-sm text-destructive', props.errorClassName)}>
          {props.error}
        </p>
      ) : null}
    </>
  );
}
