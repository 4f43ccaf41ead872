// "Send a new verification link": for an owner whose address is not verified yet (the first link used, expired or
// lost). The server answers the same for every address, so what this shows never says whether an account exists.
// Plain elements, like the sign-in form it sits under (no antd on /login).
import { useId, useState, type FormEvent } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { t } from '../../i18n/texts';
import { useResendVerificationMutation } from '../session/authApi';

function failureText(error: unknown): string {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  if (status === 429) return t('login.resend.tooMany');
  if (status === 400) return t('login.resend.invalidEmail');
  return t('login.resend.failed');
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
    <section className="sw-resend-verification" aria-label={t('login.resend.submit')}>
      <p className="sw-resend-verification__intro">{intro}</p>
      {state.isSuccess ? (
        <p className="sw-resend-verification__sent" role="status">
          {state.data.message}
        </p>
      ) : (
        <form className="sw-form" onSubmit={onSubmit} noValidate>
          <div className="sw-form__item">
            <label className="sw-form__label" htmlFor={fieldId}>
              {t('login.resend.email')}
            </label>
            <input
              id={fieldId}
              type="email"
              className="sw-input"
              autoComplete="email"
              placeholder={t('login.resend.emailPlaceholder')}
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
            {t('login.resend.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
