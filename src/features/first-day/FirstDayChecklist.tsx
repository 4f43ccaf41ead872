// The dashboard's first-day checklist: reward set → flyer printed → first real stamp. Each step
// links to where it is done; the card disappears once all three are.
import { CheckCircleFilled, FlagOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { FirstDayStatus } from '../../api/contract/rewards';
import { ROUTES } from '../../constants';
import { SectionCard } from '../../components/SectionCard';
import './first-day.css';
import { t } from '../../i18n/texts';

interface Step {
  key: string;
  label: string;
  done: boolean;
  link?: { to: string; label: string };
}

export function checklistSteps(vendorId: string, status: FirstDayStatus): Step[] {
  return [
    { key: 'reward', label: t('firstDay.stepReward'), done: status.rewardUsable, link: { to: ROUTES.rewards(vendorId), label: t('firstDay.openRewards') } },
    { key: 'flyer', label: t('firstDay.stepFlyer'), done: status.flyerPrinted, link: { to: ROUTES.qrCode(vendorId), label: t('firstDay.openQrCode') } },
    { key: 'stamp', label: t('firstDay.stepFirstStamp'), done: status.firstStamp },
  ];
}

export function FirstDayChecklist({ vendorId, status }: { vendorId: string; status: FirstDayStatus }) {
  const steps = checklistSteps(vendorId, status);
  if (steps.every((step) => step.done)) return null;
  return (
    <SectionCard title={t('firstDay.checklistTitle')} icon={<FlagOutlined aria-hidden />} className="sw-first-day">
      <p className="sw-first-day__hint">{t('firstDay.checklistHint')}</p>
      <ol className="sw-first-day__steps" data-testid="first-day-checklist">
        {steps.map((step, index) => (
          <li key={step.key} className={step.done ? 'sw-first-day__step sw-first-day__step--done' : 'sw-first-day__step'} data-done={step.done}>
            <span className="sw-first-day__mark" aria-hidden>
              {step.done ? <CheckCircleFilled aria-hidden /> : index + 1}
            </span>
            <span className="sw-first-day__label">
              {step.label}
              {step.done ? <span className="sw-visually-hidden"> — {t('firstDay.stepDone')}</span> : null}
            </span>
            {!step.done && step.link ? (
              <Link className="sw-text-link" to={step.link.to}>
                {step.link.label}
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}
