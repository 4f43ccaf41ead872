// Optional display name and e-mail (to recover the cards on another phone), folded away until opened.
import { useEffect, useState, type FormEvent } from 'react';
import { CUSTOMER_TEXT } from '../../constants';
import { useGetCustomerProfileQuery, useUpdateCustomerProfileMutation } from './customerApi';
import { errorText } from './customerErrors';
import { Notice } from './Notice';

export function ProfileForm() {
  const [open, setOpen] = useState(false);
  // Loaded only when opened: the scan page stays one request on a phone's first visit.
  const profile = useGetCustomerProfileQuery(undefined, { skip: !open });
  const [save, saveState] = useUpdateCustomerProfileMutation();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');

  useEffect(() => {
    if (profile.data) {
      setDisplayName(profile.data.displayName ?? '');
      setEmail(profile.data.email ?? '');
    }
  }, [profile.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save({ displayName: displayName.trim(), email: email.trim() });
  };

  return (
    <details className="cw-fold" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>{CUSTOMER_TEXT.profileTitle}</summary>
      <form className="cw-form" onSubmit={onSubmit} noValidate>
        <p className="cw-fold-text">{CUSTOMER_TEXT.profileText}</p>
        <label className="cw-field">
          <span>{CUSTOMER_TEXT.displayNameLabel}</span>
          <input
            name="displayName"
            autoComplete="given-name"
            maxLength={40}
            placeholder={CUSTOMER_TEXT.displayNamePlaceholder}
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
          />
        </label>
        <label className="cw-field">
          <span>{CUSTOMER_TEXT.emailLabel}</span>
          <input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={CUSTOMER_TEXT.emailPlaceholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        {saveState.isError ? <Notice tone="error">{errorText(saveState.error)}</Notice> : null}
        {saveState.isSuccess ? <Notice tone="success">{CUSTOMER_TEXT.profileSaved}</Notice> : null}
        <button type="submit" className="cw-btn cw-btn--primary" disabled={saveState.isLoading}>
          {CUSTOMER_TEXT.saveProfile}
        </button>
      </form>
    </details>
  );
}
