import { type ComponentProps, type ReactNode, createContext, forwardRef, useContext } from 'react';
import { css, cx } from 'styled-system/css';
import { field, input, nativeSelect, textarea } from 'styled-system/recipes';
import { ChevronDownIcon } from './icons';
import { ERROR_COLOR } from './errorColor';
import { useStableId } from '../runtime/useStableId';

interface FieldState {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
  readOnly: boolean;
}

const FieldContext = createContext<FieldState | null>(null);

export interface FormFieldProps {
  label: ReactNode;
  /** Shown under the control: a field's validation message, or the server's. */
  error?: string | null;
  /** Invalid without a message of its own (the form says what is wrong elsewhere). */
  invalid?: boolean;
  /** Required fields (the default) show the asterisk after the label unless `requiredIndicator` is false. */
  required?: boolean;
  requiredIndicator?: boolean;
  /** Text stays readable and selectable; selects (which cannot be read-only) are disabled. */
  readOnly?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** The field's share of a row of fields. */
  flex?: string;
  children: ReactNode;
}

/**
 * Every form's field, as Chakra's Field: the label (with its asterisk), the control given as
 * children, the helper text and the error under it, wired to the control (its id,
 * aria-describedby, aria-invalid, required) through the controls below.
 */
export function FormField({
  label,
  error,
  invalid: invalidProp,
  required = true,
  requiredIndicator = true,
  readOnly = false,
  disabled = false,
  helperText,
  flex,
  children,
}: FormFieldProps) {
  const id = useStableId();
  const invalid = invalidProp ?? Boolean(error);
  const styles = field();
  const describedBy = [helperText ? `${id}-helper` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const states = {
    'data-invalid': invalid ? '' : undefined,
    'data-disabled': disabled ? '' : undefined,
    'data-readonly': readOnly ? '' : undefined,
    'data-required': required ? '' : undefined,
  };
  return (
    <div role="group" className={cx(styles.root, flex ? css({ flex }) : undefined)} {...states}>
      <label htmlFor={id} className={styles.label} {...states}>
        {label}
        {required && requiredIndicator && (
          <span className={styles.requiredIndicator} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <FieldContext.Provider value={{ id, describedBy, invalid, required, disabled, readOnly }}>{children}</FieldContext.Provider>
      {helperText && (
        <div id={`${id}-helper`} className={styles.helperText}>
          {helperText}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className={cx(styles.errorText, css({ color: ERROR_COLOR }))}>
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * A control's invalid look. Panda puts a recipe's base styles in a layer under its variants', so the
 * base's `_invalid` border (Chakra's, which Emotion wrote in one rule with the variant's) would lose
 * to the outline variant's border: the same styles again, as utilities, which come last.
 */
const invalidLook = css({ _invalid: { borderColor: 'var(--error-color)', focusRingColor: 'var(--error-color)' } });

/** The props a control takes from the FormField around it, if any. */
function useFieldControl<T extends { id?: string; disabled?: boolean; readOnly?: boolean; required?: boolean }>(props: T) {
  const state = useContext(FieldContext);
  if (!state) return props;
  const given = Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as T;
  return {
    id: state.id,
    'aria-describedby': state.describedBy,
    'aria-invalid': state.invalid || undefined,
    required: state.required,
    disabled: state.disabled,
    readOnly: state.readOnly,
    ...given,
  };
}

type InputProps = ComponentProps<'input'> & { size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'; variant?: 'outline' | 'subtle' | 'flushed' };

/** Chakra's Input. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ size, variant, className, ...props }, ref) {
  return <input ref={ref} className={cx(input({ size, variant }), invalidLook, className)} {...useFieldControl(props)} />;
});

type TextareaProps = ComponentProps<'textarea'> & { size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'; variant?: 'outline' | 'subtle' | 'flushed' };

/** Chakra's Textarea. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ size, variant, className, ...props }, ref) {
  return <textarea ref={ref} className={cx(textarea({ size, variant }), invalidLook, className)} {...useFieldControl(props)} />;
});

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<ComponentProps<'select'>, 'size'> & {
  options: readonly SelectOption[];
  /** The first, empty option ("Select the pace"); none when omitted. */
  placeholder?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** The box's width where it is not a form's full-width field ("auto"). */
  width?: 'auto' | 'full';
};

/** Chakra's NativeSelect with its options: a FormField's control, or a select of its own given an aria-label. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options, placeholder, size, width = 'full', className, ...props },
  ref,
) {
  const styles = nativeSelect({ size });
  const { readOnly, ...control } = useFieldControl(props as typeof props & { readOnly?: boolean });
  return (
    <div className={cx(styles.root, width === 'auto' ? css({ width: 'auto' }) : undefined)}>
      <select ref={ref} className={cx(styles.field, invalidLook, className)} {...control} disabled={control.disabled || readOnly}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div className={styles.indicator}>
        <ChevronDownIcon />
      </div>
    </div>
  );
});
