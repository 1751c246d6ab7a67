/**
 * Marks an English text kept in a constant (labels, toasts) as a message: the text is its own key,
 * so `t(text)` translates it where it is shown. The catalog test (i18n/catalog.test.ts) collects
 * every `t('…')` and `msg('…')` and fails when a language lacks one.
 */
export function msg<const T extends string>(text: T): T {
  return text;
}
