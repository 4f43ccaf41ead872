// The top bar's search box ('Search for anything...'): customers of the store (asked of the server as the
// owner types), menu items and pages, grouped. An accessible combobox (antd AutoComplete): arrow keys move
// through the results, Enter opens one, Escape closes the list.
import { useEffect, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { CUSTOMER_SEARCH_MAX_LENGTH } from '../../api/contract/limits';
import { NAV_TEXT } from './texts';
import { clearButton } from '../../app/antIcons';
import { useSearchCustomersQuery } from '../customers/customersApi';
import { useRoleAllows } from '../session/roleAccess';
import { StoreSettingsDialog } from '../store-settings/StoreSettingsDialog';
import { useGetVendorQuery } from '../store-settings/vendorApi';
import { customerPath, searchGroups, type SearchResult } from './searchOptions';

/** The server is asked once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;

function useSettledText(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function ResultLabel({ result }: { result: SearchResult }) {
  return (
    <span className="sw-search-result">
      <span className="sw-search-result__label">{result.label}</span>
      {result.detail ? <span className="sw-search-result__detail">{result.detail}</span> : null}
    </span>
  );
}

export function GlobalSearch({ vendorId }: { vendorId: string | null }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const settled = useSettledText(text).trim();
  // Customers are a manager's: a staff member's search finds pages and menu items only.
  const maySeeCustomers = useRoleAllows('customers');
  const { data: customers } = useSearchCustomersQuery({ vendorId: vendorId ?? '', q: settled }, { skip: !vendorId || settled === '' || !maySeeCustomers });
  const { data: vendor } = useGetVendorQuery(vendorId ?? '', { skip: !vendorId });
  const groups = vendorId ? searchGroups(text, vendorId, settled === text.trim() ? (customers?.customers ?? []) : [], vendor?.items ?? []) : [];
  const results = new Map(groups.flatMap((group) => group.results.map((result) => [result.value, result] as const)));

  const open = (value: string) => {
    const result = results.get(value);
    if (!result || !vendorId) return;
    setText('');
    if (result.target.kind === 'customer') navigate(customerPath(vendorId, result.target.key, settled));
    else if (result.target.kind === 'page') navigate(result.target.path);
    else setMenuOpen(true);
  };

  return (
    <>
      <AutoComplete
        className="sw-nav__search-box"
        value={text}
        onChange={(value: string) => setText(value)}
        onSelect={(value: string) => open(value)}
        options={groups.map((group) => ({
          label: <span className="sw-search-group">{group.title}</span>,
          options: group.results.map((result) => ({ value: result.value, label: <ResultLabel result={result} /> })),
        }))}
        notFoundContent={text.trim() && settled === text.trim() ? NAV_TEXT.searchNothing : null}
        // The first result is active as the list opens: Enter right after typing opens it.
        defaultActiveFirstOption
        popupMatchSelectWidth={360}
      >
        <Input
          aria-label={NAV_TEXT.search}
          placeholder={NAV_TEXT.searchPlaceholder}
          prefix={<SearchOutlined aria-hidden="true" style={{ color: '#6f5d50' }} />}
          maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
          allowClear={clearButton()}
        />
      </AutoComplete>
      <StoreSettingsDialog open={menuOpen} onClose={() => setMenuOpen(false)} initialTab="menu" />
    </>
  );
}
