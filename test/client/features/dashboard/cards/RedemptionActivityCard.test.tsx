// The redemption-activity card's weekly average: a small average keeps its decimal instead of rounding to 0.
import { render, screen } from '@testing-library/react';
import { RedemptionActivityCard } from '../../../../../src/features/dashboard/cards/RedemptionActivityCard';

const weeks = (values: number[]) => values.map((value, index) => ({ label: `W${index + 1}`, value }));

function averageShown(): string | null {
  const term = screen.getByText('Weekly average');
  return term.nextElementSibling?.textContent ?? null;
}

describe('RedemptionActivityCard weekly average', () => {
  it('shows 0.1 for one redemption in eight weeks, not 0', () => {
    render(<RedemptionActivityCard weekly={weeks([0, 0, 0, 0, 0, 0, 0, 1])} />);
    expect(averageShown()).toBe('0.1');
  });

  it('shows a whole number from 10 a week up', () => {
    render(<RedemptionActivityCard weekly={weeks([12, 13])} />);
    expect(averageShown()).toBe('13');
  });
});
