import { useEffect } from 'react';

/** Sets the tab title for a public page, e.g. "Pricing - Soci Gen". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function pageTitle(page: string): string {
  return `${page} - Soci Gen`;
}
