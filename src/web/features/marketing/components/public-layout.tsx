import { useContext, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { LayoutDashboard, Menu, X } from 'lucide-react';
import { AuthContext } from '../../auth/index.ts';
import { ButtonLink } from './button-link.tsx';
import { Container } from './container.tsx';
import { EmailConfirmedBanner } from './email-confirmed-banner.tsx';
import { Logo } from './logo.tsx';

const NAV = [
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/documentation', label: 'Documentation' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/', label: 'Home' },
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/documentation', label: 'Documentation' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/login', label: 'Sign in' },
      { to: '/register', label: 'Start free trial' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy policy' },
      { to: '/terms', label: 'Terms of service' },
      { to: '/deletion-confirmation', label: 'Data deletion status' },
    ],
  },
] as const;

type FooterLink = (typeof FOOTER_COLUMNS)[number]['links'][number];

/** A signed-in person is offered their dashboard instead of signing in or up again. */
function footerLinks(
  links: readonly FooterLink[],
  signedIn: boolean | null,
): ReadonlyArray<{ to: string; label: string }> {
  if (!signedIn) return links;
  const rest = links.filter((link) => link.to !== '/login' && link.to !== '/register');
  return rest.length === links.length ? links : [...rest, { to: '/dashboard', label: 'Dashboard' }];
}

function desktopLinkClass({ isActive }: { isActive: boolean }): string {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground'
  }`;
}

function mobileLinkClass({ isActive }: { isActive: boolean }): string {
  return `block rounded-lg px-3 py-2.5 text-base font-medium ${
    isActive ? 'bg-secondary text-secondary-foreground' : 'text-foreground hover:bg-muted'
  }`;
}

/**
 * Whether someone is signed in: null while the session is being checked. Read from the context
 * directly, so the public pages also render without the auth provider (their tests do).
 */
function useSignedIn(): boolean | null {
  const auth = useContext(AuthContext);
  if (!auth) return false;
  if (auth.status === 'loading') return null;
  return auth.user !== null;
}

/** Chrome of every public page: skip link, sticky header with a mobile disclosure menu, footer. */
export default function PublicLayout() {
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>

      <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <Container className="flex h-16 items-center justify-between gap-4">
          <Logo onClick={closeMenu} />

          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={desktopLinkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="flex shrink-0 items-center gap-2">
            {/* Wrapped: a button link's own display class would otherwise beat `hidden`. */}
            {signedIn ? (
              <ButtonLink to="/dashboard" size="sm">
                <LayoutDashboard aria-hidden className="size-4" />
                Dashboard
              </ButtonLink>
            ) : (
              <>
                <span className="hidden md:block">
                  <ButtonLink to="/login" variant="ghost" size="sm">
                    Sign in
                  </ButtonLink>
                </span>
                <span className="hidden sm:block">
                  <ButtonLink to="/register" size="sm">
                    Start free trial
                  </ButtonLink>
                </span>
              </>
            )}
            <button
              ref={menuButton}
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-lg text-foreground hover:bg-muted md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="size-5" aria-hidden="true" />
              ) : (
                <Menu className="size-5" aria-hidden="true" />
              )}
              <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            </button>
          </div>
        </Container>

        <div
          id="mobile-menu"
          hidden={!menuOpen}
          className="border-t border-border bg-background md:hidden"
        >
          <Container className="py-3">
            <nav aria-label="Main menu">
              <ul className="space-y-1">
                {NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={mobileLinkClass} onClick={closeMenu}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {signedIn ? (
              <div className="mt-3 grid border-t border-border pt-3">
                <ButtonLink to="/dashboard" onClick={closeMenu}>
                  Go to your dashboard
                </ButtonLink>
              </div>
            ) : (
              <div className="mt-3 grid grid-cols-2 gap-2 border-t border-border pt-3">
                <ButtonLink to="/login" variant="outline" onClick={closeMenu}>
                  Sign in
                </ButtonLink>
                <ButtonLink to="/register" onClick={closeMenu}>
                  Start free trial
                </ButtonLink>
              </div>
            )}
          </Container>
        </div>
      </header>

      <EmailConfirmedBanner signedIn={signedIn} />

      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>

      <footer className="border-t border-border bg-muted/40">
        <Container className="py-12">
          <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-5">
            <div className="sm:col-span-2">
              <Logo />
              <p className="mt-4 max-w-sm text-sm leading-6 text-muted-foreground">
                Plan, create, schedule and publish Instagram and Facebook content — and know what
                happened to every post.
              </p>
            </div>
            {FOOTER_COLUMNS.map((column) => (
              <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
                <h2
                  id={`footer-${column.title.toLowerCase()}`}
                  className="text-sm font-semibold text-foreground"
                >
                  {column.title}
                </h2>
                <ul className="mt-4 space-y-3">
                  {footerLinks(column.links, signedIn).map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="text-sm text-muted-foreground hover:text-foreground"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          <div className="mt-12 flex flex-col gap-2 border-t border-border pt-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
            <p>© 2026 Soci Gen. All rights reserved.</p>
            <p>
              Instagram and Facebook are trademarks of Meta Platforms, Inc. Soci Gen is not
              affiliated with Meta.
            </p>
          </div>
        </Container>
      </footer>
    </div>
  );
}
