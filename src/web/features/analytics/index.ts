// The analytics feature's public entry: what other features may use (src/web/README.md). The
// page itself is a lazy route; the home page's cards carry no chart code (docs/decisions/093).
export { HomeKpiCards } from './components/home-kpis.tsx';
export { useDemographics } from './api/use-analytics-queries.ts';
