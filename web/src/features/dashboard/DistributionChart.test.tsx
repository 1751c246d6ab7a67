// A distribution's small column chart: its text alternative, each answer's count and label, and
// bars in proportion to the largest count (none drawn when every count is 0).
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { DistributionChart, type DistributionItem } from './DistributionChart';

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  toaster.remove();
});

const show = async (data: DistributionItem[]) =>
  ({ unmount } = await renderInApp(<DistributionChart title="Pace" data={data} color="blue.solid" />));
const barWidths = () => [...screen.getByRole('img').querySelectorAll<HTMLElement>('[data-part="bar"]')].map((bar) => bar.style.width);

describe('DistributionChart', () => {
  it('is one image named by its title and every answer’s count, with each count and label shown', async () => {
    await show([
      { label: 'Too slow', count: 0 },
      { label: 'Just right', count: 4 },
      { label: 'Too fast', count: 1 },
    ]);
    expect(screen.getByText('Pace')).toBeTruthy();
    const chart = screen.getByRole('img', { name: 'Pace: Too slow 0, Just right 4, Too fast 1' });
    expect(chart.textContent).toBe('Too slow0Just right4Too fast1');
  });

  it('draws the largest count to the full width and the others in proportion', async () => {
    await show([
      { label: 'Too slow', count: 0 },
      { label: 'Just right', count: 4 },
      { label: 'Too fast', count: 1 },
    ]);
    expect(barWidths()).toEqual(['0%', '100%', '25%']);
  });

  it('draws no bar when no one answered', async () => {
    await show([
      { label: 'Too slow', count: 0 },
      { label: 'Too fast', count: 0 },
    ]);
    expect(barWidths()).toEqual(['0%', '0%']);
    expect(screen.getByRole('img', { name: 'Pace: Too slow 0, Too fast 0' })).toBeTruthy();
  });
});
