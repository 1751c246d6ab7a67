/** The Pop Out window's page: the compact live figures, polling on their own. */
export const popOutPath = (courseId: string) => `/professor/live/${courseId}/popout`;

interface DocumentPictureInPicture {
  requestWindow(options: { width: number; height: number }): Promise<Window>;
}

const SIZE = { width: 360, height: 300 };

/**
 * Opens the compact live figures in a small window: Document Picture-in-Picture where the browser
 * has it (always on top), holding the Pop Out page in a frame, so the page runs, polls and styles
 * itself exactly as in a popup; a popup window otherwise. Must run straight from the click (both
 * need its user activation). Says what it opened, or 'blocked' when the browser refused both.
 */
export async function openPopOut(courseId: string, title: string): Promise<'picture-in-picture' | 'popup' | 'blocked'> {
  const url = new URL(popOutPath(courseId), window.location.origin).href;
  const pip = (window as Window & { documentPictureInPicture?: DocumentPictureInPicture }).documentPictureInPicture;
  if (pip) {
    try {
      const pipWindow = await pip.requestWindow(SIZE);
      const doc = pipWindow.document;
      doc.title = title;
      doc.documentElement.style.height = '100%';
      Object.assign(doc.body.style, { margin: '0', height: '100%', overflow: 'hidden' });
      const frame = doc.createElement('iframe');
      frame.src = url;
      frame.title = title;
      Object.assign(frame.style, { border: '0', display: 'block', width: '100%', height: '100%' });
      doc.body.append(frame);
      return 'picture-in-picture';
    } catch {
      // Refused (e.g. already open from another tab): a popup instead.
    }
  }
  const popup = window.open(url, `classpulse-live-${courseId}`, `popup,width=${SIZE.width},height=${SIZE.height}`);
  return popup ? 'popup' : 'blocked';
}
