import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** An address under /dashboard that is no page: said inside the dashboard, sidebar and all. */
export default function DashboardNotFoundPage() {
  useDocumentTitle('Page not found - Soci Gen Dashboard');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <SearchX aria-hidden className="size-6" />
      </div>
      <p className="text-sm font-semibold tracking-wide text-link uppercase">404</p>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">
        This page is not in your dashboard
      </h1>
      <p className="text-muted-foreground">
        The address may be mistyped, or the page may have moved. Everything you can do is in the
        menu.
      </p>
      <Button asChild>
        <Link to="/dashboard">Go to the dashboard home</Link>
      </Button>
    </section>
  );
}
