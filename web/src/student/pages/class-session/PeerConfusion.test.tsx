import { act, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import { ApiError } from '../../../lib/errors';
import spanish from '../../../locales/es/student-side';
import { type PeerConfusion as List, getPeerConfusion, setMeToo } from '../../../shared/api/me-too';
import { notify } from '../../ui/toaster';
import { PeerConfusion } from './PeerConfusion';

vi.mock('../../../shared/api/me-too', async (original) => ({
  ...(await original<typeof import('../../../shared/api/me-too')>()),
  getPeerConfusion: vi.fn(),
  setMeToo: vi.fn(),
}));
vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), notify: vi.fn() }));

const COURSE = 'c0000000-0000-4000-8000-000000001337';
const SESSION = 'ef34a5ed-5432-416c-af6f-ef142a6b4f64';
const TOKEN = '11111111-1111-4111-8111-111111111111.secret';

const list = (items: List['items']): List => ({ enabled: true, sessionId: SESSION, items });
const text = (id: string, body: string, meToos: number, extra: Partial<List['items'][number]> = {}) => ({
  id,
  text: body,
  meToos,
  meToo: false,
  own: false,
  ...extra,
});

beforeEach(() => vi.mocked(getPeerConfusion).mockReset());
afterEach(() => {
  setLanguage('en');
  vi.useRealTimers();
});

describe('PeerConfusion', () => {
  it('shows nothing when the course keeps it off', async () => {
    vi.mocked(getPeerConfusion).mockResolvedValue({ enabled: false, sessionId: null, items: [] });
    const { container } = render(<PeerConfusion courseId={COURSE} sessionId={SESSION} />);
    await waitFor(() => expect(getPeerConfusion).toHaveBeenCalledWith(COURSE, SESSION, undefined));
    expect(container).toBeEmptyDOMElement();
  });

  it('says there is nothing yet before enough classmates have answered', async () => {
    vi.mocked(getPeerConfusion).mockResolvedValue(list([]));
    render(<PeerConfusion courseId={COURSE} sessionId={SESSION} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'What others found unclear' })).toBeInTheDocument();
    expect(
      screen.getByText('Nothing to show yet: what others found unclear appears here once enough classmates have answered.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('peer-text')).toBeNull();
  });

  it('lists the texts with their counts; the student\'s own has no "Me too"', async () => {
    vi.mocked(getPeerConfusion).mockResolvedValue(
      list([text('a', 'Base cases', 1), text('b', 'Stack frames', 3), text('c', 'Mine', 0, { own: true })]),
    );
    render(<PeerConfusion courseId={COURSE} sessionId={SESSION} editToken={TOKEN} />);
    const items = await screen.findAllByTestId('peer-text');
    expect(getPeerConfusion).toHaveBeenCalledWith(COURSE, SESSION, TOKEN);
    expect(items.map((item) => within(item).getByTestId('me-too-count').textContent)).toEqual([
      '1 classmate said "me too"',
      '3 classmates said "me too"',
      '0 classmates said "me too"',
    ]);
    expect(within(items[0]!).getByRole('button', { name: 'Me too' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    expect(within(items[2]!).getByText('Your feedback')).toBeInTheDocument();
  });

  it('"Me too" sends the opposite of what it shows and shows the answer; a second tap takes it back', async () => {
    vi.mocked(getPeerConfusion).mockResolvedValue(list([text('a', 'Base cases', 0)]));
    vi.mocked(setMeToo).mockResolvedValueOnce({ submissionId: 'a', meToo: true, meToos: 1 });
    render(<PeerConfusion courseId={COURSE} sessionId={SESSION} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Me too' }));
    expect(setMeToo).toHaveBeenCalledWith({ courseId: COURSE, sessionId: SESSION, submissionId: 'a', meToo: true }, undefined);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Me too' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('me-too-count')).toHaveTextContent('1 classmate said "me too"');

    vi.mocked(setMeToo).mockResolvedValueOnce({ submissionId: 'a', meToo: false, meToos: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Me too' }));
    expect(setMeToo).toHaveBeenLastCalledWith({ courseId: COURSE, sessionId: SESSION, submissionId: 'a', meToo: false }, undefined);
    await waitFor(() => expect(screen.getByTestId('me-too-count')).toHaveTextContent('0 classmates said "me too"'));
  });

  it('a refused "Me too" says why in the failure toast; a failed one, the seed\'s words', async () => {
    vi.mocked(getPeerConfusion).mockResolvedValue(list([text('a', 'Base cases', 0)]));
    vi.mocked(setMeToo).mockRejectedValueOnce(new ApiError(404, 'This feedback was not found.'));
    render(<PeerConfusion courseId={COURSE} sessionId={SESSION} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Me too' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Error', description: 'This feedback was not found.' }),
    );
    vi.mocked(setMeToo).mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Me too' }));
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith({ type: 'error', title: 'Error', description: 'Failed to update "Me too"' }),
    );
    expect(screen.getByRole('button', { name: 'Me too' })).toBeEnabled();
  });

  it('asks again every 15 s while the page is visible, and never when the course keeps it off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(getPeerConfusion)
      .mockResolvedValueOnce(list([]))
      .mockResolvedValueOnce(list([text('a', 'Newly revealed', 0)]));
    render(<PeerConfusion courseId={COURSE} sessionId={SESSION} />);
    await screen.findByText(/Nothing to show yet/);
    await act(async () => void (await vi.advanceTimersByTimeAsync(15_000)));
    expect(await screen.findByText('Newly revealed')).toBeInTheDocument();
    expect(getPeerConfusion).toHaveBeenCalledTimes(2);

    vi.mocked(getPeerConfusion).mockReset().mockResolvedValue({ enabled: false, sessionId: null, items: [] });
    await act(async () => void (await vi.advanceTimersByTimeAsync(15_000)));
    await act(async () => void (await vi.advanceTimersByTimeAsync(45_000)));
    expect(getPeerConfusion).toHaveBeenCalledTimes(1);
  });

  it('asks again, with the token, once the student has sent their own', async () => {
    vi.mocked(getPeerConfusion).mockResolvedValue(list([]));
    const { rerender } = render(<PeerConfusion courseId={COURSE} sessionId={SESSION} />);
    await screen.findByText(/Nothing to show yet/);
    rerender(<PeerConfusion courseId={COURSE} sessionId={SESSION} editToken={TOKEN} />);
    await waitFor(() => expect(getPeerConfusion).toHaveBeenLastCalledWith(COURSE, SESSION, TOKEN));
    expect(screen.getByText(/Nothing to show yet/)).toBeInTheDocument();
  });

  it('in Spanish', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    vi.mocked(getPeerConfusion).mockResolvedValue(list([text('a', 'Base cases', 2)]));
    render(<PeerConfusion courseId={COURSE} sessionId={SESSION} />);
    expect(await screen.findByRole('heading', { name: spanish['What others found unclear'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: spanish['Me too'] })).toBeInTheDocument();
    expect(screen.getByTestId('me-too-count')).toHaveTextContent(spanish['{{n}} classmates said "me too"']!.replace('{{n}}', '2'));
  });
});
