// Optional display name and e-mail (to recover the cards on another phone), folded away until opened.
import { useState, type FormEvent } from 'react';
import type { UpdateCustomerRequest } from '../../api/contract/customer';
import { DISPLAY_NAME_MAX_LENGTH } from '../../api/contract/limits';
import { CUSTOMER_TEXT } from './texts';
import { useGetCustomerProfileQuery, useUpdateCustomerProfileMutation } from './api/hooks';
import { errorText } from './customerErrors';
import { Notice } from './Notice';
import { CampaignMailOptIn } from './CampaignSettings';

/** What the person typed; a field they have not touched shows (and keeps) the saved value. */
type Edits = { displayName?: string; email?: string };

export function ProfileForm() {
  const [open, setOpen] = useState(false);
  // Loaded only when opened: the scan page stays one request on a phone's first visit.
  const profile = useGetCustomerProfileQuery({ skip: !open });
  const [save, saveState] = useUpdateCustomerProfileMutation();
  // Typing may start before the saved profile arrives: the saved values fill only the untouched fields,
  // so an answer that comes late never wipes what was typed.
  const [edits, setEdits] = useState<Edits>({});
  const displayName = edits.displayName ?? profile.data?.displayName ?? '';
  // A new address stays in the field while its confirmation link is on its way (the saved profile lacks it until then).
  const email = edits.email ?? profile.data?.email ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Only what was edited is sent: an untouched field stays as saved even if it had not loaded yet.
    const changes: UpdateCustomerRequest = {};
    if (edits.displayName !== undefined) changes.displayName = edits.displayName.trim();
    if (edits.email !== undefined) changes.email = edits.email.trim();
    void save(changes);
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
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            placeholder={CUSTOMER_TEXT.displayNamePlaceholder}
            value={displayName}
            onChange={(event) => setEdits((typed) => ({ ...typed, displayName: event.target.value }))}
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
            onChange={(event) => setEdits((typed) => ({ ...typed, email: event.target.value }))}
          />
        </label>
        {/* Mounted only while the form is open: the scan page stays one request. */}
        {open ? <CampaignMailOptIn /> : null}
        {saveState.isError ? <Notice tone="error">{errorText(saveState.error)}</Notice> : null}
        {saveState.isSuccess ? (
          <Notice tone="success">
            {saveState.data?.emailConfirmationSentTo ? CUSTOMER_TEXT.profileCheckInbox(saveState.data.emailConfirmationSentTo) : CUSTOMER_TEXT.profileSaved}
          </Notice>
        ) : null}
        <button type="submit" className="cw-btn cw-btn--primary" disabled={saveState.isLoading}>
          {CUSTOMER_TEXT.saveProfile}
        </button>
      </form>
    </details>
  );
}
