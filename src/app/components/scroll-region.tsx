import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table of many columns on
 * a phone). Only then does it say so: a visible hint above it, and a focusable region named after its
 * content, so a keyboard can scroll it too (axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = 'table-scroll',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  const measure = () => {
    const el = box.current;
    if (!el) return;
    setOverflows(el.scrollWidth > el.clientWidth + 1);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
  };
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = measure;
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {overflows && (
        <p className="scroll-hint" aria-hidden="true">
          Scroll sideways for more columns <span className="scroll-hint-arrow">→</span>
        </p>
      )}
      {/* The fade over the right edge: a figure cut there ("27" of 272) would read as another figure. */}
      <div className={overflows && !atEnd ? 'scroll-frame more' : 'scroll-frame'}>
        <div
          ref={box}
          onScroll={measure}
          className={className}
          {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
        >
          {children}
        </div>
      </div>
    </>
  );
}
