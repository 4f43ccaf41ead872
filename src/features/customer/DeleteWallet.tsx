// "Delete my wallet" on the wallet page — asks once more, then erases the wallet on the server
// and forgets this device's credential (customerApi.deleteWallet).
import { useState } from 'react';
import { CUSTOMER_TEXT } from './texts';
import { useDeleteWalletMutation } from './api/hooks';
import { errorText } from './customerErrors';
import { Notice } from './Notice';

export function DeleteWallet({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [remove, state] = useDeleteWalletMutation();
  const onConfirm = async () => {
    const outcome = await remove();
    if ('data' in outcome) onDeleted();
    else setConfirming(false);
  };
  return (
    <section className="cw-danger-zone" aria-labelledby="cw-delete-title">
      <h2 id="cw-delete-title">{CUSTOMER_TEXT.deleteTitle}</h2>
      <p>{CUSTOMER_TEXT.deleteText}</p>
      {state.isError ? <Notice tone="error">{errorText(state.error)}</Notice> : null}
      {confirming ? (
        <div className="cw-confirm" role="group" aria-labelledby="cw-delete-confirm-title">
          <p id="cw-delete-confirm-title" className="cw-confirm-title">{CUSTOMER_TEXT.deleteConfirmTitle}</p>
          <p className="cw-confirm-text">{CUSTOMER_TEXT.deleteConfirmText}</p>
          <div className="cw-confirm-actions">
            <button type="button" className="cw-btn cw-btn--secondary" onClick={() => setConfirming(false)} disabled={state.isLoading}>
              {CUSTOMER_TEXT.deleteCancel}
            </button>
            <button type="button" className="cw-btn cw-btn--danger" onClick={onConfirm} disabled={state.isLoading}>
              {state.isLoading ? CUSTOMER_TEXT.deleting : CUSTOMER_TEXT.deleteConfirm}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="cw-btn cw-btn--secondary" onClick={() => setConfirming(true)}>
          {CUSTOMER_TEXT.deleteButton}
        </button>
      )}
    </section>
  );
}
