// The customer the top bar's search opened (/customers/{id}?customer={key}&q={text}): their name, e-mail,
// visits, stamps and last visit above the list. Read through the same search, so a reload shows them too.
import { UserOutlined } from '@ant-design/icons';
import { Descriptions } from 'antd';
import { formatShortDateTime } from '../../lib/format';
import { intlLocale, t } from '../../i18n/texts';
import { SectionCard } from '../../components/SectionCard';
import { useSearchCustomersQuery } from './customersApi';
import { useStoreTimeZone } from '../store-settings/useStoreTimeZone';

export function CustomerSpotlight({ vendorId, customerKey, text }: { vendorId: string; customerKey: string; text: string }) {
  const { data, isFetching } = useSearchCustomersQuery({ vendorId, q: text }, { skip: !vendorId || !text });
  const customer = data?.customers.find((hit) => hit.key === customerKey);
  const timeZone = useStoreTimeZone();
  if (!customer) {
    return isFetching ? null : <p className="sw-customers-spotlight__missing">{t('customers.spotlightMissing')}</p>;
  }
  return (
    <SectionCard title={customer.name} icon={<UserOutlined aria-hidden />} className="sw-customers-spotlight">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'email', label: t('customers.spotlightEmail'), children: customer.email ?? t('customers.spotlightNoEmail') },
          { key: 'visits', label: t('customers.column.visits'), children: new Intl.NumberFormat(intlLocale()).format(customer.visits) },
          { key: 'stamps', label: t('customers.column.stamps'), children: new Intl.NumberFormat(intlLocale()).format(customer.stamps) },
          { key: 'last', label: t('customers.column.lastVisit'), children: customer.lastVisit === null ? '—' : formatShortDateTime(customer.lastVisit, intlLocale(), timeZone) },
        ]}
      />
    </SectionCard>
  );
}
