import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { cn } from '../lib/cn';
import { siteName } from '../lib/site-name';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * The signed-in header. From 1024 px up everything sits in one row; from 640 px the links and
 * Sign Out take a second row; below 640 px they fold into a disclosure opened by the "Menu" button (docs/decisions/027): Escape or a click outside
 * closes it and gives the focus back to the button, and any navigation closes it.
 */
export function SiteHeader({
  links,
  onSignOut,
}: {
  links: readonly NavItem[];
  onSignOut: () => void;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const panelId = useId();

  // Any navigation (a link, back, forward) closes the menu: state adjusted while rendering,
  // as React advises, rather than in an effect that would paint the open menu once more.
  if (location.key !== seenLocation) {
    setSeenLocation(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const close = () => {
      setOpen(false);
      menuButton.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <header ref={header} className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-3 sm:gap-x-6 sm:px-6">
        <span className="text-base font-semibold text-fg sm:text-lg">
          {siteName()} Scraper Admin
        </span>
        <div className="ml-auto flex items-center gap-1 lg:order-last">
          <ThemeToggle />
          <button
            ref={menuButton}
            type="button"
            className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-fg-soft hover:bg-surface-hover sm:hidden"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? (
              <X className="size-4" aria-hidden="true" />
            ) : (
              <Menu className="size-4" aria-hidden="true" />
            )}
            Menu
          </button>
        </div>
        <div
          id={panelId}
          data-open={open}
          className={cn(
            'w-full flex-col gap-3 sm:flex sm:flex-row sm:items-center sm:justify-between sm:gap-6 lg:w-auto lg:flex-1',
            open ? 'flex' : 'hidden',
          )}
        >
          <nav aria-label="Main">
            <ul className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    // Focus would be lost with the closing panel: it goes back to the button.
                    onClick={() => {
                      if (open) menuButton.current?.focus();
                    }}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-3 py-2 text-sm font-medium transition-colors',
                        isActive
                          ? 'bg-accent-soft text-accent-soft-fg'
                          : 'text-fg-muted hover:bg-surface-hover hover:text-fg',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Button
            variant="secondary"
            size="sm"
            className="self-start sm:self-auto"
            onClick={onSignOut}
          >
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </div>
    </header>
  );
}
