import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { slider } from 'styled-system/recipes';
import { Flex } from '../../ui/primitives';
import { useStableId } from '../../runtime/useStableId';

/** The seed's story scores: 1 to 10, step 1. */
export const SCORE_MIN = 1;
export const SCORE_MAX = 10;

// The recipe's focus ring sets the outline's width and colour but no style, so nothing is drawn.
const focusRing = css({ _focusVisible: { outlineStyle: 'solid' } });

const clamp = (value: number) => Math.min(SCORE_MAX, Math.max(SCORE_MIN, value));

/** What each key does to the value, as Chakra's slider (Zag) has it. */
const KEYS: Record<string, (value: number) => number> = {
  ArrowRight: (value) => value + 1,
  ArrowUp: (value) => value + 1,
  ArrowLeft: (value) => value - 1,
  ArrowDown: (value) => value - 1,
  PageUp: (value) => value + 10,
  PageDown: (value) => value - 10,
  Home: () => SCORE_MIN,
  End: () => SCORE_MAX,
};

interface ScoreSliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
}

/**
 * Chakra's Slider (its recipe and markup) for one score: the label and the value above the track,
 * a thumb with the ARIA slider's name, value and keys, and the pointer dragging it along the track.
 */
export function ScoreSlider({ label, value, onChange }: ScoreSliderProps) {
  const labelId = useStableId();
  const control = useRef<HTMLDivElement>(null);
  const thumb = useRef<HTMLDivElement>(null);
  const styles = slider();
  const ratio = (value - SCORE_MIN) / (SCORE_MAX - SCORE_MIN);

  const change = (next: number) => {
    if (clamp(next) !== value) onChange(clamp(next));
  };

  // The thumb's centre travels the track less its own width, as Chakra's ("contain") does.
  const valueAt = (clientX: number) => {
    const box = control.current?.getBoundingClientRect();
    const size = thumb.current?.offsetWidth ?? 0;
    if (!box || box.width <= size) return value;
    const along = (clientX - box.left - size / 2) / (box.width - size);
    return Math.round(SCORE_MIN + Math.min(1, Math.max(0, along)) * (SCORE_MAX - SCORE_MIN));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    thumb.current?.focus();
    change(valueAt(event.clientX));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    change(step(value));
  };

  return (
    <div className={styles.root} data-scope="slider" data-part="root" data-orientation="horizontal">
      <Flex justify="space-between">
        <span id={labelId} className={styles.label} data-part="label" onClick={() => thumb.current?.focus()}>
          {label}
        </span>
        <span className={styles.valueText} data-part="value-text">
          {value}
        </span>
      </Flex>
      <div
        ref={control}
        className={styles.control}
        data-part="control"
        data-orientation="horizontal"
        style={{ touchAction: 'none', userSelect: 'none', position: 'relative' }}
        onPointerDown={onPointerDown}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture?.(event.pointerId)) change(valueAt(event.clientX));
        }}
      >
        <div className={styles.track} data-part="track" data-orientation="horizontal" style={{ position: 'relative' }}>
          <div className={styles.range} data-part="range" style={{ position: 'absolute', left: 0, width: `${ratio * 100}%` }} />
        </div>
        <div
          ref={thumb}
          role="slider"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-valuemin={SCORE_MIN}
          aria-valuemax={SCORE_MAX}
          aria-valuenow={value}
          aria-orientation="horizontal"
          className={cx(styles.thumb, focusRing)}
          data-part="thumb"
          data-orientation="horizontal"
          style={{ position: 'absolute', left: `calc(${ratio} * (100% - var(--slider-thumb-size)))` }}
          onKeyDown={onKeyDown}
        />
      </div>
    </div>
  );
}
