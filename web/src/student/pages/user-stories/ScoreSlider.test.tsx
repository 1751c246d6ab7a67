import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ScoreSlider } from './ScoreSlider';

function Score({ start = 5 }: { start?: number }) {
  const [value, setValue] = useState(start);
  return <ScoreSlider label="Impact" value={value} onChange={setValue} />;
}

describe('ScoreSlider', () => {
  it('is a slider named by its label, from 1 to 10, showing its value', () => {
    render(<Score />);
    const slider = screen.getByRole('slider', { name: 'Impact' });
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '10');
    expect(slider).toHaveAttribute('aria-orientation', 'horizontal');
    expect(screen.getByText('5')).toBeInTheDocument();
  });

  it('moves by one with the arrows, to the ends with Home, End and the page keys, never past them', async () => {
    const user = userEvent.setup();
    render(<Score />);
    const slider = screen.getByRole('slider', { name: 'Impact' });
    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '7');
    await user.keyboard('{ArrowLeft}{ArrowDown}{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '4');
    await user.keyboard('{End}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    await user.keyboard('{PageDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('1')).toBeInTheDocument();
  });
});
