// The sent page's "one more question": a form posted before its script ran asked nothing, so the
// page asks the previous session's note's topics and adds the ratings by the private link's token.
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { getFollowUpCheck } from '../../../shared/api/get-follow-up-check';
import { sendTopicRatings } from '../../../shared/api/send-topic-ratings';
import { LateRatings } from './LateRatings';

vi.mock('../../../shared/api/get-follow-up-check', () => ({ getFollowUpCheck: vi.fn() }));
vi.mock('../../../shared/api/send-topic-ratings', () => ({ sendTopicRatings: vi.fn() }));

const NOTE = '9a8b7c6d-5e4f-4321-8765-0fedcba98765';
const SESSION = '5e4f9a8b-7c6d-4321-8765-0fedcba98765';
const TOKEN = 'a1b2c3d4-0000-4000-8000-000000000001.secret';
let course = 0;
// Each test its own course: the page's reads are kept by key.
const nextCourse = () => `c0000000-0000-4000-8000-${String(++course).padStart(12, '0')}`;

beforeEach(() => {
  vi.mocked(getFollowUpCheck).mockResolvedValue({
    noteId: NOTE,
    body: 'We redid the base case',
    sessionDate: '2026-11-24',
    addressedTopic: 'the base case',
    controlTopic: 'the call stack',
  });
  vi.mocked(sendTopicRatings).mockReset();
});

async function show() {
  const courseId = nextCourse();
  render(<LateRatings editToken={TOKEN} courseId={courseId} sessionId={SESSION} />);
  const form = await screen.findByRole('form', { name: 'One more question' });
  expect(getFollowUpCheck).toHaveBeenCalledWith(courseId, SESSION);
  return { form, send: () => userEvent.click(within(form).getByRole('button', { name: 'Send My Ratings' })) };
}

const rate = (topic: string, rating: string) =>
  userEvent.click(
    within(screen.getByRole('group', { name: `How clear is ${topic} to you now? (optional)` })).getByRole('radio', { name: rating }),
  );

describe('LateRatings', () => {
  it('asks nothing when no note is asked of the session', async () => {
    vi.mocked(getFollowUpCheck).mockResolvedValue(null);
    const { container } = render(<LateRatings editToken={TOKEN} courseId={nextCourse()} sessionId={SESSION} />);
    await waitFor(() => expect(getFollowUpCheck).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('sends the chosen ratings with the token, then thanks the student', async () => {
    vi.mocked(sendTopicRatings).mockResolvedValue({ ratings: 2 });
    const { send } = await show();
    await rate('the base case', '6');
    await rate('the call stack', '3');
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent('Your ratings were sent. Thank you!');
    expect(sendTopicRatings).toHaveBeenCalledWith({
      editToken: TOKEN,
      ratings: { followUpNoteId: NOTE, followUpAddressed: 6, followUpControl: 3 },
    });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('asks for a rating before sending, and says a refusal in the server’s words, keeping the choice', async () => {
    vi.mocked(sendTopicRatings).mockRejectedValue(new ApiError(409, 'Your ratings were already sent.'));
    const { send } = await show();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a rating first.');
    expect(sendTopicRatings).not.toHaveBeenCalled();
    await rate('the call stack', '2');
    await send();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your ratings were already sent.'));
    expect(sendTopicRatings).toHaveBeenCalledWith({ editToken: TOKEN, ratings: { followUpNoteId: NOTE, followUpControl: 2 } });
    expect(screen.getByRole('radio', { name: '2', checked: true })).toBeInTheDocument();
  });
});
