// The customer pages' own router: links move within the page and into the browser's history, the back button
// goes back, a path's `:name` parts reach the page, and an unknown path shows nothing.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerRouter, Link, matchPath, Routes, useParams } from '../../../../src/features/customer/router';

function Card() {
  const { cardId } = useParams();
  return <h1>card {cardId}</h1>;
}

const pages = [
  { path: '/wallet', element: <Link to="/wallet/c%201">open card</Link> },
  { path: '/wallet/recover/:token', element: <h1>recover</h1> },
  { path: '/wallet/:cardId', element: <Card /> },
];

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the customer router', () => {
  test('a link opens the page in place and adds it to the history; Back returns', async () => {
    window.history.replaceState(null, '', '/wallet');
    const user = userEvent.setup();
    render(
      <CustomerRouter>
        <Routes routes={pages} />
      </CustomerRouter>,
    );
    expect(screen.getByRole('link', { name: 'open card' })).toHaveAttribute('href', '/wallet/c%201');
    await user.click(screen.getByRole('link', { name: 'open card' }));
    expect(screen.getByRole('heading', { name: 'card c 1' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/wallet/c%201');

    act(() => {
      window.history.back();
    });
    expect(await screen.findByRole('link', { name: 'open card' })).toBeInTheDocument();
  });

  test('matches whole paths, the more specific route first, case and a trailing slash aside', () => {
    expect(matchPath('/wallet/:cardId', '/wallet/abc')).toEqual({ cardId: 'abc' });
    expect(matchPath('/wallet', '/Wallet/')).toEqual({});
    expect(matchPath('/wallet', '/wallet/abc')).toBeNull();
    expect(matchPath('/s/:token', '/s/')).toBeNull();
    render(
      <CustomerRouter initialPath="/wallet/recover/t1">
        <Routes routes={pages} />
      </CustomerRouter>,
    );
    expect(screen.getByRole('heading', { name: 'recover' })).toBeInTheDocument();
  });
});
