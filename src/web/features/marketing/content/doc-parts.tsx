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

/** A code sample: it scrolls sideways on a phone, so it takes focus like the tables. */
export function CodeSample({ children, label }: { children: string; label: string }) {
  return (
    <div
      className="mt-4 overflow-x-auto rounded-lg bg-muted"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <pre className="w-max p-4 font-mono text-sm text-foreground">{children}</pre>
    </div>
  );
}

export function Table({ children, caption }: { children: ReactNode; caption: string }) {
  return (
    // Wider than a phone: it scrolls sideways, so it takes focus and the arrow keys scroll it.
    <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
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
