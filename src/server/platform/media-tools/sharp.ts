import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded by its first use rather than at start: libvips takes about 0.1 s to load, which
 * a start that serves no image need not pay (decision 019). Its operation cache, which keeps
 * recent inputs and results for reuse, is off: every upload is new, so it would only hold
 * memory that parallel uploads need.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
