import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { sharedView } from '../lib/dashboard-search.js';
import './site-nav.css';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * The report navigation. On a phone it would wrap to four rows, so below the breakpoint in
 * site-nav.css it folds behind a Menu button (a disclosure: aria-expanded, Escape closes and gives
 * focus back to the button, choosing a page closes it). Above it the button is hidden and the links show.
 * `extra` (who is signed in) folds with the links on a phone, so its header stays one row.
 */
export function SiteNav({
  items,
  connectLabel,
  extra,
}: {
  items: readonly NavItem[];
  connectLabel: string;
  extra?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Any navigation closes it, also one made from elsewhere (a link in the page, back and forward).
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    // A tap outside the open menu closes it, as people expect of a menu over the page.
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!nav.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const link = (to: string, label: string) => (
    // Choosing the page already shown changes no path, so the click closes the menu itself.
    <Link key={to} to={to} search={sharedView} activeProps={{ 'aria-current': 'page' }} onClick={() => setOpen(false)}>
      {label}
    </Link>
  );

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button menu-button"
        aria-expanded={open}
        aria-controls="site-nav"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true" className="menu-icon">
          {open ? '✕' : '☰'}
        </span>{' '}
        Menu
      </button>
      <nav ref={nav} id="site-nav" aria-label="Reports" className={open ? 'site-nav open' : 'site-nav'}>
        {items.map((item) => link(item.to, item.label))}
        {link('/connect', connectLabel)}
        {extra}
      </nav>
    </>
  );
}
