import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './test.ts';
import sharp from 'sharp';
import { followEmailLink, register, uniqueEmail } from './helpers.ts';

// The media library in the browser: upload several files with progress, a refusal with its
// reason, details with platform compatibility, tags and filtering, list view, and delete.

async function image(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

test('upload, inspect, tag, filter and delete media', async ({ page }) => {
  const email = uniqueEmail('media');
  await register(page, { email, businessName: 'Harbour Café' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await expect(page.getByText('Your library is empty')).toBeVisible();
  await expect(page.getByTestId('storage-meter')).toContainText('of 5 GB used');

  await page.getByTestId('media-file-input').setInputFiles([
    { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await image(1080, 1350, '#c87828') },
    { name: 'story.jpg', mimeType: 'image/jpeg', buffer: await image(1080, 1920, '#2878c8') },
    {
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    },
    // Named like a photo, but not one: only the server can tell.
    { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a photo') },
  ]);

  const entries = page.getByTestId('upload-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.filter({ hasText: 'logo.svg' })).toContainText(
    'SVG images are not accepted: they can contain scripts.',
  );
  await expect(entries.filter({ hasText: 'holiday.jpg' })).toContainText(
    'The file is not a supported image or video (JPEG, PNG, WebP, MP4 or MOV).',
  );
  await expect(entries.filter({ hasText: 'portrait.jpg' })).toHaveAttribute('data-status', 'done');
  await expect(entries.filter({ hasText: 'story.jpg' })).toHaveAttribute('data-status', 'done');

  const grid = page.getByTestId('media-grid');
  await expect(grid.getByRole('button', { name: 'Open portrait.jpg' })).toBeVisible();
  await expect(page.getByText('2 items')).toBeVisible();
  // Sorted by name: portrait before story. Thumbnails arrive from the processing job.
  await expect(grid.locator('img')).toHaveCount(2, { timeout: 20_000 });

  // Details: compatibility with the reason, and tags.
  await grid.getByRole('button', { name: 'Open story.jpg' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'story.jpg' })).toBeVisible();
  await expect(dialog.getByTestId('fit-instagram_feed')).toContainText(
    'The aspect ratio 0.56:1 is outside 4:5 to 1.91:1. Crop it first.',
  );
  await expect(dialog.getByTestId('fit-instagram_story')).toContainText('accepted');
  await expect(dialog.getByText('1080 × 1920')).toBeVisible();
  await expect(dialog.getByText('Not used in any post or campaign.')).toBeVisible();
  await dialog.getByLabel('New tag').fill('Summer');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('summer', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Filter by tag, then list view.
  await page.getByLabel('Tag').selectOption('summer');
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'List view' }).click();
  const table = page.getByTestId('media-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('story.jpg');
  await page.getByLabel('Tag').selectOption('');

  // Bulk select and delete, with confirmation.
  await page.getByRole('checkbox', { name: 'Select portrait.jpg' }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page
    .getByRole('region', { name: 'Selection' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('heading', { name: 'Delete this item?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await expect(page.getByTestId('media-table')).not.toContainText('portrait.jpg');
});

/** The ffmpeg the server finds first (FFMPEG_PATH, else the npm build), to record a test video. */
function ffmpegBinary(): string | null {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  try {
    const pkg = `@ffmpeg-installer/${process.platform}-${process.arch}/package.json`;
    return path.join(path.dirname(createRequire(import.meta.url).resolve(pkg)), 'ffmpeg');
  } catch {
    return null;
  }
}

function recordVideo(ffmpeg: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...[
        '-i',
        'testsrc2=duration=2:size=640x360:rate=30',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-metadata', 'com.apple.quicktime.location.ISO6709=+48.8582+002.2945/'],
      ...['-movflags', 'use_metadata_tags', '-y', file],
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a video gets a thumbnail from a frame, and its location is removed', async ({ page }) => {
  const ffmpeg = ffmpegBinary();
  test.skip(!ffmpeg, 'needs ffmpeg to record a video');
  const email = uniqueEmail('video');
  await register(page, { email, businessName: 'Harbour Café' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await page.goto('/dashboard/media');
  await page
    .getByTestId('media-file-input')
    .setInputFiles([{ name: 'harbour.mp4', mimeType: 'video/mp4', buffer: recordVideo(ffmpeg!) }]);
  await expect(page.getByTestId('upload-entry')).toHaveAttribute('data-status', 'done');

  const grid = page.getByTestId('media-grid');
  await expect(grid.locator('img')).toHaveCount(1, { timeout: 30_000 });
  await expect(grid.getByTestId('video-badge')).toHaveText('Video0:02');

  await grid.getByRole('button', { name: 'Open harbour.mp4' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('location-data')).toHaveText('Removed');
  await expect(dialog.locator('video')).toHaveAttribute('poster', /\/thumbnail$/);
  await expect(dialog.getByText('Location data could not be removed')).toHaveCount(0);
});
