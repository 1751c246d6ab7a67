import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ProfessorReply } from './ProfessorReply';
import { SavedOnDevice } from './SavedOnDevice';

describe('ProfessorReply and SavedOnDevice', () => {
  it("shows the professor's reply, and nothing without one", () => {
    const { rerender, container } = render(
      <ProfessorReply reply={{ body: 'We will redo it Monday.\nBring questions.', updatedAt: '2026-11-27T10:00:00Z' }} />,
    );
    expect(screen.getByRole('heading', { name: 'Your professor replied' })).toBeInTheDocument();
    expect(screen.getByTestId('professor-reply')).toHaveTextContent('We will redo it Monday. Bring questions.');
    rerender(<ProfessorReply reply={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says a submission waits on the phone for the connection', () => {
    render(<SavedOnDevice />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved on this phone. It will be sent when you are back online.');
  });
});
