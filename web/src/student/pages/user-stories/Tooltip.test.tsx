import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_DELAY, OPEN_DELAY, Tooltip } from './Tooltip';

function Triggers() {
  return (
    <>
      {['First', 'Second'].map((name) => (
        <Tooltip key={name} id={`tip-${name}`} content={`${name} tip`}>
          {(trigger) => <button {...trigger}>{name}</button>}
        </Tooltip>
      ))}
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const tip = () => screen.queryByRole('tooltip');
const enter = (name: string, pointerType = 'mouse') => fireEvent.pointerEnter(button(name), { pointerType });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens 700 ms after the pointer arrives, describing its trigger, and closes 300 ms after it leaves', async () => {
    render(<Triggers />);
    enter('First');
    await wait(OPEN_DELAY - 1);
    expect(tip()).toBeNull();
    await wait(1);
    expect(tip()).toHaveTextContent('First tip');
    expect(tip()).toHaveAttribute('data-state', 'open');
    expect(button('First')).toHaveAccessibleDescription('First tip');

    fireEvent.pointerLeave(button('First'));
    await wait(CLOSE_DELAY - 1);
    expect(tip()).not.toBeNull();
    await wait(1);
    expect(tip()).toBeNull();
    expect(button('First')).not.toHaveAttribute('aria-describedby');
  });

  it('never opens when the pointer leaves before 700 ms, nor for a touch', async () => {
    render(<Triggers />);
    enter('First');
    await wait(OPEN_DELAY - 100);
    fireEvent.pointerLeave(button('First'));
    await wait(OPEN_DELAY);
    expect(tip()).toBeNull();
    enter('First', 'touch');
    await wait(OPEN_DELAY * 2);
    expect(tip()).toBeNull();
  });

  it('stays open when the pointer comes back within 300 ms, and another trigger then opens at once', async () => {
    render(<Triggers />);
    enter('First');
    await wait(OPEN_DELAY);
    fireEvent.pointerLeave(button('First'));
    await wait(CLOSE_DELAY - 50);
    enter('First');
    await wait(CLOSE_DELAY);
    expect(tip()).toHaveTextContent('First tip');

    fireEvent.pointerLeave(button('First'));
    await wait(100);
    enter('Second');
    await wait(0);
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expect(tip()).toHaveTextContent('Second tip');
  });

  it('waits the full 700 ms again once the last one has closed, on the same trigger or another', async () => {
    render(<Triggers />);
    enter('First');
    await wait(OPEN_DELAY);
    fireEvent.pointerLeave(button('First'));
    await wait(CLOSE_DELAY + 50);
    expect(tip()).toBeNull();
    enter('First');
    await wait(OPEN_DELAY - 1);
    expect(tip()).toBeNull();
    await wait(1);
    expect(tip()).toHaveTextContent('First tip');

    fireEvent.pointerLeave(button('First'));
    await wait(CLOSE_DELAY);
    enter('Second');
    await wait(OPEN_DELAY - 1);
    expect(tip()).toBeNull();
    await wait(1);
    expect(tip()).toHaveTextContent('Second tip');
  });

  it('opens at once on keyboard focus and closes on blur or Escape', async () => {
    render(<Triggers />);
    act(() => button('First').focus());
    expect(tip()).toHaveTextContent('First tip');
    fireEvent.keyDown(button('First'), { key: 'Escape' });
    await wait(0);
    expect(tip()).toBeNull();
    act(() => button('Second').focus());
    expect(tip()).toHaveTextContent('Second tip');
    act(() => button('Second').blur());
    expect(tip()).toBeNull();
  });

  it('closes when its trigger is pressed, and opens again only after the pointer has left', async () => {
    render(<Triggers />);
    enter('First');
    await wait(OPEN_DELAY);
    fireEvent.pointerDown(button('First'));
    await wait(0);
    expect(tip()).toBeNull();
    enter('First');
    await wait(OPEN_DELAY);
    expect(tip()).toBeNull();
    fireEvent.pointerLeave(button('First'));
    enter('First');
    await wait(OPEN_DELAY);
    expect(tip()).toHaveTextContent('First tip');
  });
});
