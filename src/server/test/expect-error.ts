import { expect } from 'vitest';

/** An API answer as the route tests read it. */
interface Answer {
  status: number;
  json: { success: boolean; metadata: { errorCode: string } };
}

/**
 * The answer is the error envelope (docs/product/entities.md#error-response) with this status and
 * catalogue code.
 */
export function expectError(res: Answer, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.success).toBe(false);
  expect(res.json.metadata.errorCode).toBe(code);
}
