// The result's arithmetic on known inputs: a difference of means and a paired mean, each with its 95% interval.
import { differenceOfMeans, meanWithInterval, sampleVariance, scaled, Z_95 } from '../../../server/services/campaign-statistics';

const repeat = (value: number, times: number) => Array.from({ length: times }, () => value);

describe('campaign statistics', () => {
  it('gives the difference of two means with ± 1.96 standard errors (half the messaged came once, nobody held out came)', () => {
    const messaged = [...repeat(1, 15), ...repeat(0, 15)];
    const heldOut = repeat(0, 30);
    // s² = 30 · 0.25 / 29; standard error = √(s²/30 + 0/30) = 0.0928477…
    const result = differenceOfMeans(messaged, heldOut)!;
    expect(result.estimate).toBeCloseTo(0.5, 10);
    expect(result.low).toBeCloseTo(0.5 - 0.181977, 5);
    expect(result.high).toBeCloseTo(0.5 + 0.181977, 5);
    expect(scaled(result, 100)).toEqual({ estimate: 50, low: expect.closeTo(31.8023, 3), high: expect.closeTo(68.1977, 3) });
  });

  it('uses each group\'s own variance (unequal sizes and spreads)', () => {
    const a = [...repeat(2, 20), ...repeat(0, 20)];
    const b = [...repeat(1, 10), ...repeat(0, 30)];
    const result = differenceOfMeans(a, b)!;
    const margin = Z_95 * Math.sqrt(sampleVariance(a) / 40 + sampleVariance(b) / 40);
    expect(sampleVariance(a)).toBeCloseTo(40 / 39, 10);
    expect(sampleVariance(b)).toBeCloseTo(7.5 / 39, 10);
    expect(result).toEqual({ estimate: 0.75, low: expect.closeTo(0.75 - margin, 10), high: expect.closeTo(0.75 + margin, 10) });
    // √(40/39/40 + 7.5/39/40) = 0.174496…, times 1.96
    expect(margin).toBeCloseTo(0.342005, 5);
  });

  it('says nothing (too early) below 30 customers in either group', () => {
    expect(differenceOfMeans(repeat(1, 29), repeat(0, 100))).toBeUndefined();
    expect(differenceOfMeans(repeat(1, 100), repeat(0, 29))).toBeUndefined();
    expect(meanWithInterval(repeat(1, 29))).toBeUndefined();
  });

  it('gives the mean of paired differences with ± 1.96 · s/√n', () => {
    const differences = [...repeat(0.1, 20), ...repeat(-0.1, 10)];
    const result = meanWithInterval(differences)!;
    // mean 1/30; s² = (20·(0.1−1/30)² + 10·(−0.1−1/30)²)/29 = 0.0091954…; margin = 1.96·√(s²/30) = 0.034314…
    expect(result.estimate).toBeCloseTo(1 / 30, 10);
    expect(result.high - result.estimate).toBeCloseTo(0.034314, 5);
  });
});
