import { ChevronDown, Download } from 'lucide-react';
import type { ExportTable } from '#shared/contracts/analytics.contract.ts';
import { EXPORT_TABLES } from '../lib/constants.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { exportHref, type PostsParams } from '../lib/query-state.ts';

// Every table as CSV, for the page's current account, range and order: plain download links
// (the server answers with an attachment).

export const EXPORT_LABELS: Record<ExportTable, string> = {
  summary: 'Summary (the cards)',
  series: 'Daily series',
  posts: 'Top posts',
  demographics: 'Audience demographics',
  'best-times': 'Best times to post',
};

export function ExportMenu({ params }: { params: PostsParams }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={buttonClasses({ variant: 'outline', size: 'sm', className: 'h-9' })}
      >
        <Download aria-hidden className="size-4" /> Export
        <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          Download as CSV
        </DropdownMenuLabel>
        {EXPORT_TABLES.map((table) => (
          <DropdownMenuItem key={table} asChild>
            <a href={exportHref(table, params)} download>
              {EXPORT_LABELS[table]}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
