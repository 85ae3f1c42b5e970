// The dashboard's public entry: what other features may use (src/web/README.md). The shell and
// the pages are lazy routes of app/router.tsx; these are the parts other features render.
export { SidebarContent } from './components/sidebar.tsx';
export { getArea } from './lib/areas.ts';
export { AreaPage } from './pages/area-page.tsx';
