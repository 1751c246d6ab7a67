import { render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { NoScriptCheck } from './NoScriptCheck';
import { setHostMarkup } from '../runtime/hostMarkup';

afterEach(() => setHostMarkup({ check: '', notes: '' }));

describe('NoScriptCheck', () => {
  it('is a <noscript> with the markup the build gave, and nothing in the browser', () => {
    const { container, rerender } = render(<NoScriptCheck />);
    expect(container.innerHTML).toBe('<noscript></noscript>');
    setHostMarkup({ check: '<!--# include virtual="/x" -->', notes: '' });
    rerender(<NoScriptCheck key="again" />);
    expect(container.querySelector('noscript')!.innerHTML).toBe('<!--# include virtual="/x" -->');
  });
});
