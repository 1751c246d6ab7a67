import { type ComponentProps, useLayoutEffect, useRef } from 'react';
import { Select } from '../ui/Field';

/**
 * ui/Field's Select drawn with a choice already made (a loaded or resumed submission, the
 * address's course): chosen as it is drawn, whatever the DOM makes of its options' `selected`. An
 * empty default (the page's HTML, which the island hydrates) leaves what the student chose before
 * the island ran alone.
 */
export function DefaultChoice(props: ComponentProps<typeof Select>) {
  const select = useRef<HTMLSelectElement>(null);
  const value = typeof props.defaultValue === 'string' ? props.defaultValue : undefined;
  useLayoutEffect(() => {
    if (value && select.current) select.current.value = value;
    // Only as drawn: afterwards the choice is the student's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Select ref={select} {...props} />;
}
