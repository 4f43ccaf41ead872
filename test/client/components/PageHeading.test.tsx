// A vendor page's heading takes the focus when a sign-in's redirect opened the page, once: a keyboard or
// screen-reader user starts there instead of on the page itself.
import { render, screen } from '@testing-library/react';
import { PageHeading } from '../../../src/components/PageHeading';
import { focusHeadingOnNextPage } from '../../../src/lib/headingFocus';

afterEach(() => sessionStorage.clear());

it('takes the focus on the page a sign-in opened, and only there', () => {
  focusHeadingOnNextPage();
  const first = render(<PageHeading title="Dashboard" subtitle="Your store at a glance" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveFocus();
  first.unmount();

  render(<PageHeading title="Rewards" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Rewards' })).not.toHaveFocus();
  expect(document.body).toHaveFocus();
});
