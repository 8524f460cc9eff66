import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubAntdBrowserApis } from '../../test/jsdomStubs';
import { DashboardRow } from './DashboardRow';
import { FigureCard } from './FigureCard';

beforeAll(stubAntdBrowserApis);
afterEach(cleanup);

describe('DashboardRow', () => {
  it('puts the main panel beside the aside from the xl breakpoint, full width below', () => {
    render(<DashboardRow main={<span>chart</span>} aside={<span>list</span>} />);
    const main = screen.getByText('chart').parentElement;
    const aside = screen.getByText('list').parentElement;
    expect(main?.className).toContain('ant-col-xs-24');
    expect(main?.className).toContain('ant-col-xl-14');
    expect(aside?.className).toContain('ant-col-xl-10');
    expect(main?.parentElement?.className).toContain('mt16');
  });

  it('stacks below the breakpoint it is given', () => {
    render(<DashboardRow stackBelow="lg" main={<span>chart</span>} aside={<span>list</span>} />);
    expect(screen.getByText('chart').parentElement?.className).toContain('ant-col-lg-14');
    expect(screen.getByText('list').parentElement?.className).not.toContain('ant-col-xl-10');
  });
});

describe('FigureCard', () => {
  it('is a borderless stat card in the column it is given, passing on the card props', () => {
    render(
      <FigureCard col={{ xs: 12, sm: 6 }} data-testid="figure">
        42
      </FigureCard>,
    );
    const card = screen.getByTestId('figure');
    expect(card.className).toContain('stat-card');
    expect(card.className).not.toContain('ant-card-bordered');
    expect(card.parentElement?.className).toContain('ant-col-sm-6');
    expect(card.textContent).toBe('42');
  });
});
