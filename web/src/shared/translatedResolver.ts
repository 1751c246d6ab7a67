import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { i18n } from '../i18n/i18n';

/** Each field error's message, in the current language (the shared schemas speak English: the keys). */
function translate<T extends FieldValues>(errors: FieldErrors<T>): FieldErrors<T> {
  const out: Record<string, unknown> = {};
  for (const [name, error] of Object.entries(errors)) {
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
      out[name] = { ...error, message: i18n.t(error.message) };
    } else if (error && typeof error === 'object') {
      out[name] = translate(error as FieldErrors);
    } else out[name] = error;
  }
  return out as FieldErrors<T>;
}

/** A resolver whose messages show in the visitor's language; the form and the function share the schema. */
export function translated<Input extends FieldValues, Context, Output>(
  resolver: Resolver<Input, Context, Output>,
): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: translate(result.errors as FieldErrors<Input>) };
  };
}
