// The 'Sample data' marker on cards whose figures are examples, so no vendor mistakes them for their own.
import { InfoCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { t } from '../i18n/texts';

export function SampleDataTag({ tooltip = t('dashboard.sampleTooltip') }: { tooltip?: string }) {
  return (
    <Tooltip title={tooltip} trigger={['hover', 'focus']}>
      {/* Focusable so keyboard users can open the tooltip; screen readers get the explanation inline. */}
      <Tag className="sw-sample-tag" icon={<InfoCircleOutlined aria-hidden />} tabIndex={0} data-testid="sample-data-tag">
        {t('dashboard.sampleTag')}
        <span className="sw-visually-hidden">: {tooltip}</span>
      </Tag>
    </Tooltip>
  );
}
