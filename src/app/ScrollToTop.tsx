// Every route change starts at the top of the page. Without this the browser keeps the scroll
// position of the page before, and the QR page opened with its top rows under the sticky header.
import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

export function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The root route's frame: the scroll reset, then the page. */
export function AppFrame() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <Outlet />
    </>
  );
}
