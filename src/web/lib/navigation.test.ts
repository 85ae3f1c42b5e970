import { describe, expect, it, vi } from 'vitest';
import {
  INVALID_PATH_MESSAGE,
  normalizePath,
  safeNavigate,
  safeRedirectTarget,
} from './navigation.ts';

describe('normalizePath', () => {
  // The message of docs/product/validation.md#navigation-path.
  it('rejects empty, blank and non-string paths with the product message', () => {
    for (const bad of ['', '   ', undefined, null, 42, {}]) {
      expect(() => normalizePath(bad)).toThrow(INVALID_PATH_MESSAGE);
    }
    expect(INVALID_PATH_MESSAGE).toBe('Invalid path provided');
  });

  it('adds a missing leading slash and keeps a present one', () => {
    expect(normalizePath('dashboard/calendar')).toBe('/dashboard/calendar');
    expect(normalizePath('/dashboard')).toBe('/dashboard');
  });
});

describe('safeNavigate', () => {
  it('navigates in-app with the normalised path', () => {
    const navigate = vi.fn();
    const hard = vi.fn();
    safeNavigate(navigate, 'dashboard', { replace: true }, hard);
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
    expect(hard).not.toHaveBeenCalled();
  });

  it('falls back to a full page load when in-app navigation throws', () => {
    const hard = vi.fn();
    safeNavigate(
      () => {
        throw new Error('router gone');
      },
      'dashboard/media',
      undefined,
      hard,
    );
    expect(hard).toHaveBeenCalledWith('/dashboard/media');
  });

  it('falls back to a full page load when in-app navigation rejects', async () => {
    const hard = vi.fn();
    safeNavigate(
      () => Promise.reject(new Error('lazy chunk failed')),
      '/dashboard',
      undefined,
      hard,
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(hard).toHaveBeenCalledWith('/dashboard');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-origin paths and refuses others', () => {
    expect(safeRedirectTarget('/dashboard/calendar?view=week')).toBe(
      '/dashboard/calendar?view=week',
    );
    expect(safeRedirectTarget('//evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget('https://evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget(null)).toBe('/dashboard');
  });
});
