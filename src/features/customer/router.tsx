// The customer pages' own router: five paths, links, the back button and the scroll reset. react-router
// weighs 15 KiB gzip here, a sixth of the page's 100 KiB budget, for what these few lines do.
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

export interface Place {
  pathname: string;
  search: string;
}

interface Navigation {
  place: Place;
  go(to: string, options?: { replace?: boolean }): void;
}

type Params = Readonly<Record<string, string | undefined>>;

const NavigationContext = createContext<Navigation | null>(null);
const ParamsContext = createContext<Params>({});

function placeOf(to: string): Place {
  const url = new URL(to, 'http://page.invalid');
  return { pathname: url.pathname, search: url.search };
}

const browserPlace = (): Place => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * The page's place: the browser's address (its history, back and forward), or `initialPath` kept in memory
 * (tests). Every change of path starts at the top of the page.
 */
export function CustomerRouter({ initialPath, children }: { initialPath?: string; children: ReactNode }) {
  const [place, setPlace] = useState<Place>(() => (initialPath === undefined ? browserPlace() : placeOf(initialPath)));
  useEffect(() => {
    if (initialPath !== undefined) return undefined;
    const onPopState = () => setPlace(browserPlace());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [initialPath]);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [place.pathname]);
  const go = useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      if (initialPath === undefined) window.history[options.replace ? 'replaceState' : 'pushState'](null, '', to);
      setPlace(placeOf(to));
    },
    [initialPath],
  );
  const navigation = useMemo(() => ({ place, go }), [place, go]);
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('A customer page renders inside CustomerRouter');
  return navigation;
}

export function useLocation(): Place {
  return useNavigation().place;
}

/** The `:name` parts of the matched route's path. */
export function useParams(): Params {
  return useContext(ParamsContext);
}

/** The params when `pattern` ('/s/:token', '*' for any) matches `pathname` whole, else null. */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const wanted = pattern.split('/');
  const actual = pathname.replace(/\/+$/, '').split('/');
  if (actual.length === 1) actual.push('');
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < wanted.length; index += 1) {
    const part = wanted[index];
    if (part.startsWith(':')) {
      if (!actual[index]) return null;
      params[part.slice(1)] = decodeURIComponent(actual[index]);
    } else if (part.toLowerCase() !== actual[index].toLowerCase()) return null;
  }
  return params;
}

export interface RouteEntry {
  path: string;
  element: ReactNode;
}

/** The first route whose path matches the address; nothing when none does. */
export function Routes({ routes }: { routes: readonly RouteEntry[] }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** A real link (open in a new tab works); a plain click moves within the page without loading it again. */
export function Link({ to, replace, onClick, children, ...anchor }: LinkProps) {
  const { go } = useNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (anchor.target && anchor.target !== '_self') return;
    event.preventDefault();
    go(to, { replace });
  };
  return (
    <a {...anchor} href={to} onClick={follow}>
      {children}
    </a>
  );
}
