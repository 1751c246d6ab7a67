import { act, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { STORY_STATUSES } from './status';
import { StatusBadge } from './StatusBadge';

afterEach(() => act(() => setLanguage('en')));

describe('StatusBadge', () => {
  it('names each status, each in its own colour', () => {
    render(
      <>
        {STORY_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    const badges = ['Submitted', 'In Review', 'Accepted', 'In Progress', 'On Hold', 'Done'].map((label) => screen.getByText(label));
    expect(badges.map((badge) => badge.getAttribute('data-status'))).toEqual([...STORY_STATUSES]);
    expect(new Set(badges.map((badge) => badge.className)).size).toBe(6);
  });

  it('speaks Spanish', () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    render(<StatusBadge status="on_hold" />);
    expect(screen.getByText('En pausa')).toBeInTheDocument();
  });
});
