// The heading block at the top of a vendor page: the page's one h1 and a line saying what it is for. Opened by
// a sign-in's redirect, the h1 takes the focus, where a screen reader then starts reading.
import { useEffect, useRef, type ReactNode } from 'react';
import { takeHeadingFocusRequest } from '../lib/headingFocus';

export function PageHeading({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocusRequest()) heading.current?.focus();
  }, []);
  return (
    <header className="sw-page-heading">
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {extra}
    </header>
  );
}
