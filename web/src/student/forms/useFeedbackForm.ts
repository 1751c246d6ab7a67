import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { Checked, FieldErrors } from './schemas';
import { loadValidation } from './validation';

type Validation = Awaited<ReturnType<typeof loadValidation>>;

interface FeedbackFormOptions<T> {
  /** The fields' version (forms/QuickForm.tsx): a new one is an emptied or refilled form, without messages until the next submit. */
  version: string | number;
  /** What the form holds, as the schema takes it. */
  read: (form: HTMLFormElement) => Record<string, unknown>;
  check: (validation: Validation, input: Record<string, unknown>) => Checked<T>;
  /** The values passed the schema: send them. */
  onValid: (values: T) => void;
  /** The validation code could not be downloaded (offline): nothing was sent. */
  onLoadFailure: () => void;
}

/** The first field, in the form's order, that has a message: focus goes there, as a student reads down. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of form.elements) {
    const field = element as HTMLInputElement;
    if (field.name && Object.hasOwn(errors, field.name) && !field.disabled) return field.focus();
  }
}

/**
 * A feedback form's checks: the values the DOM holds (what was typed before the island hydrated
 * too) go through the shared schema at submit, its messages shown by field and focus on the first;
 * after that first submit, a field's message follows what is typed into it. The schema's code is
 * fetched on the first focus of a field, else at submit.
 */
export function useFeedbackForm<T>(options: FeedbackFormOptions<T>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitted = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    submitted.current = false;
    setErrors({});
  }, [options.version]);

  const onSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    submitted.current = true;
    loadValidation().then(
      (validation) => {
        const result = latest.current.check(validation, latest.current.read(target));
        if (result.errors) {
          setErrors(result.errors);
          focusFirstInvalid(target, result.errors);
        } else {
          setErrors({});
          latest.current.onValid(result.values);
        }
      },
      () => latest.current.onLoadFailure(),
    );
  }, []);

  const onFieldChange = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    const target = form.current;
    if (!submitted.current || !name || !target) return;
    loadValidation().then(
      (validation) => {
        const message = latest.current.check(validation, latest.current.read(target)).errors?.[name];
        setErrors((shown) => {
          if (shown[name] === message) return shown;
          const next = { ...shown };
          if (message) next[name] = message;
          else delete next[name];
          return next;
        });
      },
      () => undefined,
    );
  }, []);

  const preload = useCallback(() => void loadValidation().catch(() => undefined), []);

  return {
    errors,
    form,
    formProps: { ref: form, onSubmit, onInput: onFieldChange, onChange: onFieldChange, onFocus: preload },
  };
}
