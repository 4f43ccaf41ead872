// The customer the top bar's search opened (/customers/{id}?customer={key}&q={text}): their name, e-mail,
// visits, stamps and last visit above the list. Read through the same search, so a reload shows them too.
import { UserOutlined } from '@ant-design/icons';
import { Descriptions } from 'antd';
import dayjs from 'dayjs';
import { CUSTOMERS_TEXT } from '../../constants';
import { SectionCard } from '../../components/SectionCard';
import { useSearchCustomersQuery } from './customersApi';

export function CustomerSpotlight({ vendorId, customerKey, text }: { vendorId: string; customerKey: string; text: string }) {
  const { data, isFetching } = useSearchCustomersQuery({ vendorId, q: text }, { skip: !vendorId || !text });
  const customer = data?.customers.find((hit) => hit.key === customerKey);
  if (!customer) {
    return isFetching ? null : <p className="sw-customers-spotlight__missing">{CUSTOMERS_TEXT.spotlightMissing}</p>;
  }
  return (
    <SectionCard title={customer.name} icon={<UserOutlined />} className="sw-customers-spotlight">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'email', label: CUSTOMERS_TEXT.spotlightEmail, children: customer.email ?? CUSTOMERS_TEXT.spotlightNoEmail },
          { key: 'visits', label: CUSTOMERS_TEXT.columns.visits, children: customer.visits },
          { key: 'stamps', label: CUSTOMERS_TEXT.columns.stamps, children: customer.stamps },
          { key: 'last', label: CUSTOMERS_TEXT.columns.lastVisit, children: customer.lastVisit === null ? '—' : dayjs(customer.lastVisit).format('D MMM YYYY, HH:mm') },
        ]}
      />
    </SectionCard>
  );
}
