// The heading block at the top of a vendor page: the page's one h1 and a line saying what it is for.
import type { ReactNode } from 'react';

export function PageHeading({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  return (
    <header className="sw-page-heading">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {extra}
    </header>
  );
}
