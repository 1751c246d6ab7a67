import { type MouseEvent, useEffect, useState } from 'react';
import { useT } from '../../runtime/useT';
import { LinkButton } from '../../ui/primitives';
import { type FormPage, type FormPostOutcome, formAddress, pageOutcome } from './outcome';

/**
 * "Back to the Form" after a refusal: the form's page again, with what was typed, which rides in the
 * history entry's state (`{ usr: { typed } }`, as the forms read it), never in the address.
 */
export default function BackToForm({ form }: { form: FormPage }) {
  const { t } = useT();
  const [outcome, setOutcome] = useState<FormPostOutcome>();
  const [href, setHref] = useState<string>();
  useEffect(() => {
    setOutcome(pageOutcome());
    setHref(formAddress(form));
  }, [form]);
  // Without an outcome (no script ran, or the fragment was gone) the browser's Back is the way back.
  if (!outcome || !href) return null;
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState({ usr: { typed: outcome.typed }, key: 'typed', idx: 0 }, '', href);
    window.location.reload();
  };
  return (
    <LinkButton href={href} onClick={back} colorPalette="blue" alignSelf="flex-start">
      {t('Back to the Form')}
    </LinkButton>
  );
}
