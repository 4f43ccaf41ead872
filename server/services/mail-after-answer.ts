// Mail that does not hold up the answer, for the routes that must answer an address with an account exactly
// as they answer one without ("Forgot password?", a new verification link, a wallet's sign-in link). Awaiting
// the send there would make the answer slower only for an address that has an account — or, while the
// mail server is away, a 503 only for such an address: either tells a stranger the address is in use.
import type { AppDeps } from '../deps';
import type { MailMessage, Mailer } from '../infra/mailer';

/**
 * `deps` whose mailer starts each send and returns at once; a send that fails goes to `onFailure`, and its
 * message's `onUndelivered` runs, so asking again soon after sends the mail rather than meeting a spacing
 * counted from a mail that never went.
 */
export function mailAfterAnswer<D extends Pick<AppDeps, 'mailer'>>(deps: D, onFailure: (error: unknown) => void): D {
  const undelivered = (message: MailMessage) => (error: unknown) => {
    onFailure(error);
    message.onUndelivered?.().catch(onFailure);
  };
  const mailer: Mailer = {
    async send(message) {
      try {
        deps.mailer.send(message).catch(undelivered(message));
      } catch (error) {
        undelivered(message)(error);
      }
    },
    close: () => deps.mailer.close(),
  };
  return { ...deps, mailer };
}
