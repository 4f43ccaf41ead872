// "Send a new verification link": for an owner whose address is not verified yet (the first link used, expired or
// lost). The server answers the same for every address, so what this shows never says whether an account exists.
// Plain elements, like the sign-in form it sits under (no antd on /login).
import { useId, useState, type FormEvent } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { RESEND_VERIFICATION_TEXT } from '../../constants';
import { useResendVerificationMutation } from '../session/authApi';

function failureText(error: unknown): string {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  if (status === 429) return RESEND_VERIFICATION_TEXT.tooMany;
  if (status === 400) return RESEND_VERIFICATION_TEXT.invalidEmail;
  return RESEND_VERIFICATION_TEXT.failed;
}

export function ResendVerificationLink({ intro, email = '' }: { intro: string; email?: string }) {
  const [send, state] = useResendVerificationMutation();
  const [address, setAddress] = useState(email);
  const fieldId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.isLoading || address.trim() === '') return;
    void send(address.trim());
  };

  return (
    <section className="sw-resend-verification" aria-label={RESEND_VERIFICATION_TEXT.submit}>
      <p className="sw-resend-verification__intro">{intro}</p>
      {state.isSuccess ? (
        <p className="sw-resend-verification__sent" role="status">
          {state.data.message}
        </p>
      ) : (
        <form className="sw-form" onSubmit={onSubmit} noValidate>
          <div className="sw-form__item">
            <label className="sw-form__label" htmlFor={fieldId}>
              {RESEND_VERIFICATION_TEXT.email}
            </label>
            <input
              id={fieldId}
              type="email"
              className="sw-input"
              autoComplete="email"
              placeholder={RESEND_VERIFICATION_TEXT.emailPlaceholder}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
          </div>
          {state.isError ? (
            <p className="sw-resend-verification__error" role="alert">
              {failureText(state.error)}
            </p>
          ) : null}
          <button type="submit" className="sw-button" disabled={state.isLoading || address.trim() === ''}>
            {RESEND_VERIFICATION_TEXT.submit}
          </button>
        </form>
      )}
    </section>
  );
}
