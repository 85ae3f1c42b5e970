// How a count reads: counts stop at the contract's cap and show "99+". A copy of
// INBOX_LIMITS.countCap (inbox.contract.ts), because the sidebar's badge is in the dashboard's
// first download, which carries no zod (src/web/README.md); count.test.ts keeps them equal.

export const COUNT_CAP = 99;

export function formatCount(count: number): string {
  return count > COUNT_CAP ? `${COUNT_CAP}+` : String(count);
}
