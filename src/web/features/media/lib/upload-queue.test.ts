import { describe, expect, it } from 'vitest';
import { fileProblem } from './upload-queue.ts';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = '') =>
  new File([new Uint8Array(size)], name, { type });

describe('fileProblem', () => {
  it('refuses empty, too large and SVG files before sending them', () => {
    expect(fileProblem(file('a.jpg', 0, 'image/jpeg'), 10 * MB)).toBe('The file is empty.');
    expect(fileProblem(file('a.mp4', 11 * MB, 'video/mp4'), 10 * MB)).toBe(
      'The file is 11 MB; your plan accepts files up to 10 MB. Choose a smaller file, or upgrade your plan for files up to 1 GB.',
    );
    expect(fileProblem(file('logo.svg', 10, 'image/svg+xml'), 10 * MB)).toBe(
      'SVG images are not accepted: they can contain scripts.',
    );
    expect(fileProblem(file('notes.txt', 10, 'text/plain'), 10 * MB)).toBe(
      'Only JPEG, PNG, WebP, MP4 and MOV files are accepted.',
    );
  });

  it('leaves the content check to the server for files that look right', () => {
    expect(fileProblem(file('photo.jpg', 10, 'image/jpeg'), 10 * MB)).toBeNull();
    // Some systems send HEIC and MOV without a type; the extension lets them through to the server.
    expect(fileProblem(file('IMG_0001.HEIC', 10), 10 * MB)).toBeNull();
  });
});
