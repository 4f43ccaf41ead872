// The area chart reads left to right on every page: on an Arabic (right-to-left) page the last date label keeps its
// end at the last point instead of running past the chart's right edge, and labels too wide to stand side by side
// are thinned rather than drawn over one another.
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

  it('ends a last label wider than the room beside the last point at that point', () => {
    const points = Array.from({ length: 12 }, (_, i) => ({ label: `الأسبوع ${i + 1}`, value: i }));
    render(<AreaChart points={points} ariaLabel="أسابيع" />);
    expect(screen.getByText('الأسبوع 12')).toHaveAttribute('text-anchor', 'end');
  });

  it('thins 12 week labels too wide to stand side by side, counting back from this week, so none runs into the next', () => {
    const points = Array.from({ length: 12 }, (_, i) => ({ label: `الأسبوع ${i + 1}`, value: i }));
    const { container } = render(<AreaChart points={points} ariaLabel="أسابيع" />);
    const drawn = Array.from(container.querySelectorAll('text')).map((text) => text.textContent ?? '').filter((text) => text.startsWith('الأسبوع'));
    expect(drawn).toContain('الأسبوع 12');
    expect(drawn).not.toContain('الأسبوع 11');
    expect(drawn.length).toBeLessThanOrEqual(6);
  });

  it('keeps a short last label such as "Wk 12" centred under its point, and every short week label', () => {
    const points = Array.from({ length: 12 }, (_, i) => ({ label: `Wk ${i + 1}`, value: i }));
    render(<AreaChart points={points} ariaLabel="Weeks" />);
    expect(screen.getByText('Wk 12')).toHaveAttribute('text-anchor', 'middle');
    for (const point of points) expect(screen.getByText(point.label)).toBeInTheDocument();
  });
});
