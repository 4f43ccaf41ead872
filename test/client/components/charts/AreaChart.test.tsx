// The area chart reads left to right on every page: on an Arabic (right-to-left) page the last date label keeps its
// end at the last point instead of running past the chart's right edge.
import { render, screen } from '@testing-library/react';
import { AreaChart } from '../../../../src/components/charts/AreaChart';

describe('AreaChart on a right-to-left page', () => {
  beforeEach(() => document.documentElement.setAttribute('dir', 'rtl'));
  afterEach(() => document.documentElement.removeAttribute('dir'));

  it('lays its labels out left to right, so the last date ends at its point inside the chart', () => {
    const points = Array.from({ length: 30 }, (_, i) => ({ label: `${i + 1} نوفمبر`, value: i % 3 }));
    render(<AreaChart points={points} ariaLabel="الاسترداد" labelEvery={7} />);
    const chart = screen.getByRole('img', { name: 'الاسترداد' });
    expect(chart).toHaveAttribute('direction', 'ltr');
    const lastLabel = screen.getByText('30 نوفمبر');
    expect(lastLabel).toHaveAttribute('text-anchor', 'end');
  });
});
