import { screen, within } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { REMEMBERED_LIST } from '../../shell/signedOutOnly';
import MyFeedbackPage from './MyFeedbackPage';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('/my-feedback as built', () => {
  it('says what the list is and where it lives, with the empty state in its HTML before any script', () => {
    document.body.innerHTML = renderToString(<MyFeedbackPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My feedback' })).toBeInTheDocument();
    expect(screen.getByText(/The list stays on this device: ClassPulse never receives it\./)).toBeInTheDocument();
    const list = document.querySelector(`[${REMEMBERED_LIST}]`) as HTMLElement;
    expect(within(list).getByText('This device remembers no feedback.')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Submit Feedback' })).toBeInTheDocument();
  });
});
