import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifyOnReply } from './NotifyOnReply';

const push = vi.hoisted(() => ({
  turnOnReplyNotifications: vi.fn(),
  turnOffReplyNotifications: vi.fn(),
  PushUnavailableError: class PushUnavailableError extends Error {
    constructor(readonly reason: 'denied' | 'unsupported') {
      super(reason);
    }
  },
}));
vi.mock('../../shared/api/reply-push', () => push);
const support = vi.hoisted(() => ({ pushSupport: vi.fn(() => 'supported') }));
vi.mock('../../shared/pushSupport', () => support);

const props = { submissionId: 's1', editToken: 's1.secret', courseCode: 'COSC 1337', notify: false, replied: false };

afterEach(() => vi.clearAllMocks());

describe('NotifyOnReply', () => {
  it("offers the choice in a page's HTML, not yet to be changed, with words for a course not yet read", () => {
    // A sent page's card, drawn before its token is read; a card whose token is known shows nothing of it yet.
    expect(renderToString(<NotifyOnReply {...props} />)).toBe('');
    document.body.innerHTML = renderToString(<NotifyOnReply {...props} editToken="" courseCode="" notify={undefined} />);
    expect(screen.getByRole('checkbox', { name: 'Notify me if my professor replies' })).toBeDisabled();
    expect(screen.getByText(/saying only “Your professor replied” and the course code\./)).toBeInTheDocument();
    expect(support.pushSupport).not.toHaveBeenCalled();
    document.body.innerHTML = '';
  });

  it('turns reply notifications on and off, saying what the notification will say', async () => {
    push.turnOnReplyNotifications.mockResolvedValueOnce({ notify: true });
    push.turnOffReplyNotifications.mockResolvedValueOnce({ notify: false });
    render(<NotifyOnReply {...props} />);
    const box = await screen.findByRole('checkbox', { name: 'Notify me if my professor replies' });
    expect(screen.getByText(/saying only “Your professor replied” and COSC 1337/)).toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(push.turnOnReplyNotifications).toHaveBeenCalledWith({ submissionId: 's1', editToken: 's1.secret' });
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('says notifications are blocked when the browser refuses, and why a change failed otherwise', async () => {
    push.turnOnReplyNotifications.mockRejectedValueOnce(new push.PushUnavailableError('denied'));
    render(<NotifyOnReply {...props} />);
    await userEvent.click(await screen.findByRole('checkbox'));
    expect(await screen.findByTestId('notify-unavailable')).toHaveTextContent('Notifications are blocked for this site');
  });

  it('tells a browser without push that it cannot notify', async () => {
    support.pushSupport.mockReturnValueOnce('unsupported');
    render(<NotifyOnReply {...props} />);
    expect(await screen.findByTestId('notify-unavailable')).toHaveTextContent('This browser cannot notify you of a reply');
  });

  it.each([
    ['has no Push API', false, 'default', 'This browser cannot notify you of a reply: keep your private link to read it.'],
    [
      'has notifications blocked for the site',
      true,
      'denied',
      'Notifications are blocked for this site in your browser: keep your private link to read the reply.',
    ],
  ])('says in one line, with no switch, when the browser %s', async (_, hasPushManager, permission, line) => {
    // What the browser has, as the real check (shared/pushSupport) reads it.
    const { pushSupport } = await vi.importActual<typeof import('../../shared/pushSupport')>('../../shared/pushSupport');
    support.pushSupport.mockImplementation(pushSupport);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    if (hasPushManager) vi.stubGlobal('PushManager', class PushManager {});
    vi.stubGlobal('Notification', { permission });
    try {
      render(<NotifyOnReply {...props} />);
      expect((await screen.findByTestId('notify-unavailable')).textContent).toBe(line);
      expect(screen.queryByRole('checkbox', { name: 'Notify me if my professor replies' })).toBeNull();
      expect(push.turnOnReplyNotifications).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
      support.pushSupport.mockImplementation(() => 'supported');
    }
  });

  it('is gone once the professor has replied', async () => {
    render(<NotifyOnReply {...props} replied />);
    // Its render once the page runs reads what the browser allows, and then draws nothing.
    await waitFor(() => expect(support.pushSupport).toHaveBeenCalled());
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
