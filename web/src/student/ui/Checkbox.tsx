import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { checkbox } from 'styled-system/recipes';

const hiddenInput = css({ srOnly: true });
// The native box is hidden (screen readers and Playwright use it); its focus shows on the drawn one.
const focusOnControl = css({
  'input:focus-visible + &': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
});

interface CheckboxProps {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  /** The hidden input's id and what describes it (a help line). */
  id?: string;
  describedBy?: string;
}

/** Chakra's Checkbox: a native checkbox, hidden, behind Chakra's drawn box and label. */
export function Checkbox({ checked, disabled = false, onChange, children, id, describedBy }: CheckboxProps) {
  const styles = checkbox({ size: 'md', variant: 'solid' });
  const state = checked ? 'checked' : 'unchecked';
  return (
    <label className={styles.root} data-state={state} data-disabled={disabled ? '' : undefined}>
      <input
        type="checkbox"
        id={id}
        className={hiddenInput}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span className={cx(styles.control, focusOnControl)} data-state={state} data-disabled={disabled ? '' : undefined} aria-hidden="true">
        {checked && (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        )}
      </span>
      <span className={styles.label} data-disabled={disabled ? '' : undefined}>
        {children}
      </span>
    </label>
  );
}
