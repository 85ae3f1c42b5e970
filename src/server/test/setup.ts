import { afterEach, beforeEach, vi } from 'vitest';

// A test that makes the code print an unexpected console.error fails: errors must be handled
// or asserted, not scrolled past.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console.error: ${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
