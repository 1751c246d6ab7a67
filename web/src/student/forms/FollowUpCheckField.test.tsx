import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../i18n/translate';
import spanish from '../../locales/es/student-side';
import type { FollowUpCheck } from '../../shared/api/get-follow-up-check';
import { FollowUpCheckField } from './FollowUpCheckField';

const NOTE = '9a8b7c6d-5e4f-4321-8765-0fedcba98765';
const CHECK: FollowUpCheck = {
  noteId: NOTE,
  body: 'We redid the base case',
  sessionDate: '2026-11-24',
  addressedTopic: 'the base case',
  controlTopic: 'the call stack',
};

afterEach(() => {
  setLanguage('en');
  vi.restoreAllMocks();
});

function renderField(props: Partial<Parameters<typeof FollowUpCheckField>[0]> = {}) {
  return render(
    <form aria-label="Feedback">
      <FollowUpCheckField check={CHECK} {...props} />
    </form>,
  );
}

const questions = () => screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent);

describe('FollowUpCheckField', () => {
  it('shows the note, then asks the same question on both topics, each optional, 1 to 7', () => {
    renderField({ order: 'addressed-first' });
    const check = screen.getByTestId('follow-up-check');
    expect(check).toHaveTextContent('From your professor');
    expect(check).toHaveTextContent('We redid the base case');
    for (const [topic, name] of [
      ['the base case', 'followUpAddressed'],
      ['the call stack', 'followUpControl'],
    ] as const) {
      const question = screen.getByRole('group', { name: `How clear is ${topic} to you now? (optional)` });
      const radios = within(question).getAllByRole('radio');
      expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      for (const radio of radios) expect(radio).toHaveAttribute('name', name);
      expect(within(question).getByRole('radio', { name: '1 Still unclear' })).not.toBeChecked();
      expect(within(question).getByRole('radio', { name: '7 Clear now' })).toBeInTheDocument();
    }
    expect(screen.getByRole('form').querySelector('input[type=hidden][name=followUpNoteId]')).toHaveValue(NOTE);
  });

  it('asks in the order given: the addressed topic first, or the control first', () => {
    const { unmount } = renderField({ order: 'addressed-first' });
    expect(questions()).toEqual([
      'How clear is the base case to you now? (optional)',
      'How clear is the call stack to you now? (optional)',
    ]);
    unmount();
    renderField({ order: 'control-first' });
    expect(questions()).toEqual([
      'How clear is the call stack to you now? (optional)',
      'How clear is the base case to you now? (optional)',
    ]);
  });

  it('without an order, draws one for the form and keeps it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const { rerender } = renderField();
    expect(questions()[0]).toBe('How clear is the call stack to you now? (optional)');
    vi.mocked(Math.random).mockReturnValue(0.1);
    rerender(
      <form aria-label="Feedback">
        <FollowUpCheckField check={CHECK} error="Your answer to the check question must be a number from 1 to 7" />
      </form>,
    );
    expect(questions()[0]).toBe('How clear is the call stack to you now? (optional)');
    // Each topic's radios are a group of their own: choosing in one leaves the other as it was.
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: /the call stack/ })).getByRole('radio', { name: '3' }));
    await user.click(within(screen.getByRole('group', { name: /the base case/ })).getByRole('radio', { name: '6' }));
    expect(new FormData(screen.getByRole('form') as HTMLFormElement).getAll('followUpControl')).toEqual(['3']);
    expect(new FormData(screen.getByRole('form') as HTMLFormElement).getAll('followUpAddressed')).toEqual(['6']);
  });

  it('without a control, asks only about the addressed topic', () => {
    renderField({ check: { ...CHECK, controlTopic: null }, order: 'control-first' });
    expect(questions()).toEqual(['How clear is the base case to you now? (optional)']);
    expect(screen.getByRole('form').querySelector('[name=followUpControl]')).toBeNull();
  });

  it('shows its error once, under both questions', () => {
    renderField({ order: 'addressed-first', error: 'Your answer to the check question must be a number from 1 to 7' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your answer to the check question must be a number from 1 to 7');
    for (const group of screen.getAllByRole('group')) {
      expect(group).toHaveAttribute('aria-invalid', 'true');
      expect(group).toHaveAccessibleDescription('Your answer to the check question must be a number from 1 to 7');
    }
  });

  it('is read-only when disabled', () => {
    renderField({ disabled: true });
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    renderField({ order: 'addressed-first' });
    expect(screen.getByText(spanish['From your professor']!)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '¿Qué tan claro tienes ahora the base case? (opcional)' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: '1 Sigue sin estar claro' })).toHaveLength(2);
  });
});
