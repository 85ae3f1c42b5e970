import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function NotFoundContent() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 px-4 py-20 text-center sm:py-28">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <SearchX aria-hidden className="size-7" />
      </div>
      <p className="text-sm font-semibold tracking-wide text-link uppercase">404</p>
      <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
        Page not found
      </h1>
      <p className="text-base text-muted-foreground">
        We couldn&apos;t find the page you were looking for. It may have moved, or the address may
        be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">Open your dashboard</Link>
        </Button>
      </div>
    </section>
  );
}

export default function NotFoundPage() {
  useDocumentTitle('Page not found - Soci Gen');
  return <NotFoundContent />;
}
