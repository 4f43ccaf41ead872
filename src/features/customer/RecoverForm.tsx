// "Used Stampwise on another phone?": asks for a sign-in link by e-mail (the server always answers 202).
import { useState, type FormEvent } from 'react';
import { CUSTOMER_TEXT } from './texts';
import { useRequestRecoveryMutation } from './api/hooks';
import { errorText } from './customerErrors';
import { Notice } from './Notice';

export function RecoverForm({ startOpen = false }: { startOpen?: boolean }) {
  const [send, sendState] = useRequestRecoveryMutation();
  const [email, setEmail] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return;
    void send(email.trim());
  };

  return (
    <details className="cw-fold" open={startOpen || undefined}>
      <summary>{CUSTOMER_TEXT.recoverTitle}</summary>
      <form className="cw-form" onSubmit={onSubmit} noValidate>
        <p className="cw-fold-text">{CUSTOMER_TEXT.recoverText}</p>
        <label className="cw-field">
          <span>{CUSTOMER_TEXT.emailLabel}</span>
          <input
            name="recoverEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={CUSTOMER_TEXT.emailPlaceholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        {sendState.isSuccess ? <Notice tone="success">{sendState.data.message}</Notice> : null}
        {sendState.isError ? <Notice tone="error">{errorText(sendState.error)}</Notice> : null}
        <button type="submit" className="cw-btn cw-btn--secondary" disabled={sendState.isLoading}>
          {CUSTOMER_TEXT.recoverButton}
        </button>
      </form>
    </details>
  );
}
