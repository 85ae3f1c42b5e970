import type { ReactNode } from 'react';

// What the documentation page is made of: a section, and a table in the guide's style.

export const OPENAPI_PATH = '/api/openapi.json';

export interface DocSection {
  id: string;
  title: string;
  /** Areas still being finished carry a "Coming soon" badge in the heading and the contents. */
  available: boolean;
  body: ReactNode;
}

export const TABLE = 'mt-4 w-full min-w-[32rem] border-collapse text-left text-sm';
export const TH = 'border-b border-border py-2 pr-4 font-semibold text-foreground';
export const TD = 'border-b border-border py-2 pr-4 align-top';

export function Table({ children, caption }: { children: ReactNode; caption: string }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const POST_STATUSES: [string, string][] = [
  ['Draft', 'Saved but not scheduled. Nothing will be published.'],
  ['Scheduled', 'Checked against each platform’s rules and waiting for its time.'],
  ['Publishing', 'Being sent to Instagram or Facebook right now.'],
  ['Published', 'Live on the platform. Open the post to follow the link to it.'],
  [
    'Failed',
    'Could not be published. The post shows the reason and what to do, and the owner is notified.',
  ],
  ['Cancelled', 'Taken off the schedule by you; it will not be published.'],
];
