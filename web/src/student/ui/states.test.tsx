import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../i18n/translate';
import spanish from '../../locales/es/student-side';
import { LoadFailure, LoadingLine, NotFound, withNodes } from './states';

afterEach(() => setLanguage('en'));

describe('the common states', () => {
  it('says it is loading, as a status', () => {
    render(<LoadingLine text="Loading course details..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading course details...');
  });

  it('a failed read says what failed and offers "Try again", busy while it retries', async () => {
    const retry = vi.fn();
    const { rerender } = render(<LoadFailure what="this course" onRetry={retry} retrying={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load this course');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    rerender(<LoadFailure what="this course" onRetry={retry} retrying />);
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<LoadFailure what="este curso" onRetry={() => {}} retrying={false} />);
    expect(screen.getByRole('button', { name: spanish['Try again'] })).toBeInTheDocument();
  });

  it('"not found" with where to go instead, as a page of its own or inside one', () => {
    const { rerender } = render(
      <NotFound
        page
        title="Course Not Found"
        description="Gone."
        action={{ href: '/course-search', label: 'Search for Another Course' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Course Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for Another Course' })).toHaveAttribute('href', '/course-search');
    rerender(<NotFound title="Submission Not Found" description="Gone." />);
    expect(screen.getByRole('heading', { level: 2, name: 'Submission Not Found' })).toBeInTheDocument();
  });

  it('puts elements where a sentence says', () => {
    render(<p>{withNodes('Examples: {{first}}, {{second}}', { first: <b>COSC 1337</b>, second: <b>MATH 2413</b> })}</p>);
    expect(screen.getByText('COSC 1337').tagName).toBe('B');
    expect(screen.getByText(/Examples:/)).toHaveTextContent('Examples: COSC 1337, MATH 2413');
  });
});
