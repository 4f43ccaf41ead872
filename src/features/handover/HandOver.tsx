// The counter's hand-over controls in the live feed (QR page) and in counter mode — a
// "Hand over" button on each claim still waiting, its code beside it, and a box to type the code the
// customer's phone shows. `screen` records which of the two screens confirmed it.
import { useState, type CSSProperties, type FormEvent } from 'react';
import { App } from 'antd';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { formatTime } from '../../lib/format';
import { useStoreTimeZone } from '../store-settings/useStoreTimeZone';
import { intlLocale, t } from '../../i18n/texts';
import type { ActivityItem } from '../../api/contract/activity';
import type { HandoverScreen } from '../../api/contract/handover';
import { HANDOVER_CODE_FIELD_MAX_LENGTH } from '../../api/contract/limits';
import { useHandOverByCodeMutation, useHandOverMutation } from './handoverApi';
import './handover.css';

/** The server's `{ error }` message, or a plain sentence when there was no answer. */
export function handoverErrorText(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (error && 'status' in error) {
    const data = error.data as { error?: unknown } | undefined;
    if (data && typeof data.error === 'string') return data.error;
  }
  return t('handover.failed');
}

/** The claim's state beside its feed line: "Waiting · K7MQ4" and the button, "Given 10:42", or "Expired". */
export function ClaimHandOver({ item, vendorId, screen }: { item: ActivityItem; vendorId: string; screen: HandoverScreen }) {
  const { message } = App.useApp();
  const [handOver, state] = useHandOverMutation();
  const timeZone = useStoreTimeZone();
  if (item.type !== 'redemption' || !item.status) return null;
  if (item.status === 'given') {
    return <span className="sw-claim-tag sw-claim-tag--given">{t('handover.givenTag', { time: item.givenAt ? formatTime(item.givenAt, intlLocale(), timeZone) : '' })}</span>;
  }
  if (item.status === 'expired') return <span className="sw-claim-tag sw-claim-tag--expired">{t('handover.expiredTag')}</span>;
  const code = item.code ?? '';
  const onClick = async () => {
    try {
      await handOver({ vendorId, claimId: item.id, screen }).unwrap();
      void message.success(t('handover.done', { reward: item.reward, customer: item.customer }));
    } catch (error) {
      void message.error(handoverErrorText(error as FetchBaseQueryError));
    }
  };
  return (
    <span className="sw-claim-pending">
      <span className="sw-claim-tag sw-claim-tag--pending">{t('handover.pendingTag', { code })}</span>
      <button
        type="button"
        className="sw-handover-btn"
        onClick={onClick}
        disabled={state.isLoading}
        aria-label={t('handover.handOverLabel', { customer: item.customer, reward: item.reward, code })}
      >
        {state.isLoading ? t('handover.handingOver') : t('handover.handOver')}
      </button>
    </span>
  );
}

/** "Code on the customer's screen: [     ] Hand over". */
export function HandOverByCode({ vendorId, screen, idPrefix }: { vendorId: string; screen: HandoverScreen; idPrefix: string }) {
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [handOver, state] = useHandOverByCodeMutation();
  const inputId = `${idPrefix}-handover-code`;
  const placeholder = t('handover.codePlaceholder');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setProblem(t('handover.codeRequired'));
      return;
    }
    try {
      const { item } = await handOver({ vendorId, code: code.trim(), screen }).unwrap();
      setCode('');
      setProblem(null);
      void message.success(t('handover.done', { reward: item.reward, customer: item.customer }));
    } catch (error) {
      setProblem(handoverErrorText(error as FetchBaseQueryError));
    }
  };
  return (
    <form className="sw-handover-code" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>{t('handover.codeLabel')}</label>
      <div className="sw-handover-code__row">
        <input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          placeholder={placeholder}
          style={{ '--sw-handover-placeholder-chars': placeholder.length } as CSSProperties}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={HANDOVER_CODE_FIELD_MAX_LENGTH}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
        <button type="submit" className="sw-handover-btn" disabled={state.isLoading}>
          {state.isLoading ? t('handover.handingOver') : t('handover.codeSubmit')}
        </button>
      </div>
      {problem ? (
        <p id={`${inputId}-problem`} className="sw-handover-code__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
