// Re-renders the page when its language changes: the subtree is keyed by the language, so every t() call runs
// again (a language switch is rare; a fresh mount is simpler than threading the language through every memo).
import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { onLocaleChange, pageLocale, type PageLocale } from './texts';

/** The page's language, re-rendering the caller when it changes. */
export function usePageLocale(): PageLocale {
  return useSyncExternalStore(onLocaleChange, pageLocale, pageLocale);
}

export function TextsRoot({ children }: { children: ReactNode }) {
  const locale = usePageLocale();
  return <Fragment key={locale}>{children}</Fragment>;
}
