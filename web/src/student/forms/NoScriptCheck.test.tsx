import { render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { NoScriptCheck } from './NoScriptCheck';
import { setNoScriptCheckMarkup } from './noScriptCheckMarkup';

afterEach(() => setNoScriptCheckMarkup(''));

describe('NoScriptCheck', () => {
  it('is a <noscript> with the markup the build gave, and nothing in the browser', () => {
    const { container, rerender } = render(<NoScriptCheck />);
    expect(container.innerHTML).toBe('<noscript></noscript>');
    setNoScriptCheckMarkup('<!--# include virtual="/x" -->');
    rerender(<NoScriptCheck key="again" />);
    expect(container.querySelector('noscript')!.innerHTML).toBe('<!--# include virtual="/x" -->');
  });
});
