// The header's links from 768 px (spec §2 "Header and navigation"): as many as fit in one row, in the
// spec's order, and the rest behind a "More" button at the row's end. Nine links (eleven for an admin)
// are wider than the row at tablet and small-laptop widths, where they ran under the profile and avatar
// controls. A hidden copy of the row measures each link once its font is in; a ResizeObserver on the
// nav (which takes the room between the brand and the controls, whatever it holds) re-fits it on every
// width change. "More" is a disclosure (WAI-ARIA's disclosure navigation pattern): a button with
// aria-expanded and the links under it; Escape, a click elsewhere, a link or a route change closes it.
// Before the first measure every link is in the row, clipped, so nothing overlaps for a frame; when they
// all fit, the measure renders nothing again (a signed-in start stays one commit, docs/web.md).
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { cn } from '../../lib/cn.ts';
import { isNavItemActive, linksThatFit, type NavItem } from '../../lib/navigation.ts';

/** Tailwind's gap-0.5 between the row's links. */
const GAP_PX = 2;

const linkClasses =
  'block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:px-3 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The number of links that fit the nav's width; null while every link does (or before the first measure). */
function useLinksThatFit(
  nav: RefObject<HTMLElement | null>,
  measure: RefObject<HTMLUListElement | null>,
  count: number,
): number | null {
  const [fit, setFit] = useState<number | null>(null);
  useEffect(() => {
    const navElement = nav.current;
    const measureElement = measure.current;
    if (!navElement || !measureElement) return;
    const refit = () => {
      const cells = [...measureElement.children].map((cell) => cell.getBoundingClientRect().width);
      const more = cells.pop() ?? 0;
      const fits = linksThatFit(cells, navElement.clientWidth, more, GAP_PX);
      // Unmeasured (null) already shows every link: when they all fit, nothing renders again.
      setFit((was) => (was === null && fits === cells.length ? null : fits));
    };
    // The observer's first call comes after layout, so reading the sizes forces none.
    const observer = new ResizeObserver(refit);
    observer.observe(navElement);
    observer.observe(measureElement);
    return () => observer.disconnect();
  }, [nav, measure, count]);
  return fit;
}

function MoreLinks({ items, pathname }: { items: readonly NavItem[]; pathname: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A route change (a link here or anywhere) closes it.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  const holdsCurrent = items.some((item) => isNavItemActive(item.href, pathname));
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className={cn(linkClasses, 'flex items-center gap-1', holdsCurrent && 'bg-brand-50 text-brand-700')}
      >
        More
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-1 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {items.map((item) => {
          const current = isNavItemActive(item.href, pathname);
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                aria-current={current ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className={cn(linkClasses, current && 'bg-brand-50 text-brand-700')}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function HeaderNav({
  items,
  linkProps,
}: {
  items: readonly NavItem[];
  /** Extra props of each link (the preload on hover and focus). */
  linkProps: (href: string) => Record<string, unknown>;
}) {
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const fit = useLinksThatFit(nav, measure, items.length);
  const shown = fit === null ? items : items.slice(0, fit);
  const rest = fit === null ? [] : items.slice(fit);
  return (
    <nav ref={nav} aria-label="Main" className="relative min-w-0 flex-1">
      <ul className={cn('flex items-center justify-center gap-0.5', fit === null && 'overflow-hidden')}>
        {shown.map((link) => (
          <li key={link.href}>
            <NavLink
              to={link.href}
              {...linkProps(link.href)}
              className={({ isActive }) => cn(linkClasses, isActive && 'bg-brand-50 text-brand-700')}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        {rest.length > 0 ? (
          <li>
            <MoreLinks items={rest} pathname={pathname} />
          </li>
        ) : null}
      </ul>
      {/* The row as it would be whole, for measuring only: out of sight, of the tab order and of the
          accessibility tree. Its last cell is the "More" button. */}
      <ul
        ref={measure}
        aria-hidden="true"
        className="invisible absolute top-0 left-0 flex h-0 w-max items-center gap-0.5 overflow-hidden"
      >
        {items.map((link) => (
          <li key={link.href}>
            <span className={linkClasses}>{link.label}</span>
          </li>
        ))}
        <li>
          <span className={cn(linkClasses, 'flex items-center gap-1')}>
            More
            <ChevronDown aria-hidden="true" className="size-4" />
          </span>
        </li>
      </ul>
    </nav>
  );
}
