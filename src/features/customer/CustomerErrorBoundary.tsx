// A page that throws while rendering shows what went wrong and the way back to the wallet, instead of a
// blank screen (the vendor app's router does this with its error screen; the customer entry has no data router).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CUSTOMER_ROUTES } from '../../constants';
import { CUSTOMER_TEXT } from './texts';
import '../../app/route-error.css';

interface State {
  error: unknown;
}

export class CustomerErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const message = this.state.error instanceof Error ? this.state.error.message : CUSTOMER_TEXT.errorUnknown;
    return (
      <main className="route-error">
        <div className="route-error__card" role="alert">
          <div className="route-error__icon" aria-hidden="true">!</div>
          <h1 className="route-error__title">{CUSTOMER_TEXT.errorTitle}</h1>
          <code className="route-error__message">{message}</code>
          {/* A full page load: whatever broke the page should not survive into the next one. */}
          <a className="route-error__button" href={CUSTOMER_ROUTES.wallet}>
            {CUSTOMER_TEXT.openWallet}
          </a>
        </div>
      </main>
    );
  }
}
