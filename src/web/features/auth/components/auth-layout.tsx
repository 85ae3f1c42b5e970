import { Link, Outlet } from 'react-router';
import { Logo } from '../../../components/ui/logo.tsx';

/** Centred-card layout for sign-in, sign-up and password pages. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 via-background to-background">
      <header className="flex justify-center px-4 pt-10 pb-6 sm:pt-16">
        <Link to="/" className="rounded-md text-foreground" aria-label="Soci Gen home">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 justify-center px-4 pb-10">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
      <footer className="flex flex-wrap justify-center gap-x-6 gap-y-2 px-4 pb-8 text-xs text-muted-foreground">
        <Link to="/" className="hover:text-foreground hover:underline">
          Home
        </Link>
        <Link to="/privacy" className="hover:text-foreground hover:underline">
          Privacy
        </Link>
        <Link to="/terms" className="hover:text-foreground hover:underline">
          Terms
        </Link>
        <Link to="/contact" className="hover:text-foreground hover:underline">
          Contact
        </Link>
      </footer>
    </div>
  );
}
