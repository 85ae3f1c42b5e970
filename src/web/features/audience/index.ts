// What other features use of the audience: the saved segments (a campaign's brief picks one).
export { useSegments } from './api/use-audience-queries.ts';
