// The owner's own floors for the stamp budget (how many stamps one counter code, and the flyer in
// a day, may grant before scans are refused). Empty fields follow the server's defaults.
import { useEffect, useState } from 'react';
import { App, Button, InputNumber } from 'antd';
import { STAMP_BUDGET_FLOOR as FLOOR_LIMITS } from '../../api/contract/limits';
import { t } from '../../i18n/texts';
import { useGetStampBudgetQuery, useSetStampBudgetMutation } from './relayApi';

export function StampBudgetSection({ vendorId }: { vendorId: string }) {
  const { message } = App.useApp();
  const { data } = useGetStampBudgetQuery(vendorId);
  const [save, { isLoading }] = useSetStampBudgetMutation();
  const [codeFloor, setCodeFloor] = useState<number | null>(null);
  const [flyerFloor, setFlyerFloor] = useState<number | null>(null);

  useEffect(() => {
    if (!data) return;
    setCodeFloor(data.codeBudgetFloor);
    setFlyerFloor(data.flyerBudgetFloor);
  }, [data]);

  const onSave = async () => {
    try {
      await save({ vendorId, codeBudgetFloor: codeFloor, flyerBudgetFloor: flyerFloor }).unwrap();
      void message.success(t('relay.budgetSaved'));
    } catch {
      void message.error(t('relay.budgetSaveFailed'));
    }
  };

  // The empty box reads "Automatic" in the page's language: the box is as wide as that word (it was cut to "Autom…").
  const automatic = t('relay.budgetDefault');
  const fitsAutomatic = { width: `calc(${automatic.length}ch + 24px)`, minWidth: 90 };

  return (
    <section className="sw-flyer-card sw-budget-card" aria-labelledby="sw-budget-title" data-testid="stamp-budget">
      <div className="sw-flyer-card__intro">
        <h2 id="sw-budget-title">{t('relay.budgetTitle')}</h2>
        <p>{data ? t('relay.budgetHint', { code: data.effectiveCodeBudget, flyer: data.effectiveFlyerBudget }) : t('relay.budgetExplain')}</p>
        {data?.changedBy ? <p data-testid="stamp-budget-changed-by">{t('account.changedBy', { name: data.changedBy })}</p> : null}
        <div className="sw-budget-card__fields">
          <label>
            <span>{t('relay.codeFloorLabel')}</span>
            <InputNumber controls={false} inputMode="numeric" min={FLOOR_LIMITS.min} max={FLOOR_LIMITS.max} precision={0} value={codeFloor} placeholder={automatic} style={fitsAutomatic} onChange={(v) => setCodeFloor(v)} />
          </label>
          <label>
            <span>{t('relay.flyerFloorLabel')}</span>
            <InputNumber controls={false} inputMode="numeric" min={FLOOR_LIMITS.min} max={FLOOR_LIMITS.max} precision={0} value={flyerFloor} placeholder={automatic} style={fitsAutomatic} onChange={(v) => setFlyerFloor(v)} />
          </label>
          <Button onClick={() => void onSave()} loading={isLoading}>
            {t('relay.budgetSave')}
          </Button>
        </div>
      </div>
    </section>
  );
}
