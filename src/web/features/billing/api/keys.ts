// Billing's one key factory; keys carry the user id so one person's billing is never shown to
// the next one (src/web/README.md).

export const billingKeys = {
  all: ['billing'] as const,
  overview: (userId: string) => ['billing', userId, 'overview'] as const,
};
