/**
 * The alarm where the professor is looking: a system notification and, if chosen on this device,
 * a short tone, when the confusion alarm rises while the live view is hidden
 * (docs/decisions/presenting.md).
 */

const SOUND_KEY = 'classpulse.alarmSound';
const ASKED_KEY = 'classpulse.notificationsAsked';

export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage refused (privacy settings): the defaults apply
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not kept on this device; the choice lasts as long as the page.
  }
}

/** Whether this device plays the alarm's tone: a personal choice, kept in localStorage, off by default. */
export const alarmSoundOn = (): boolean => readStorage(SOUND_KEY) === 'on';
export const setAlarmSoundOn = (on: boolean): void => writeStorage(SOUND_KEY, on ? 'on' : null);

/** Whether this device was already asked for notifications (the live view asks once, on its first opening). */
export const notificationsAsked = (): boolean => readStorage(ASKED_KEY) !== null;

/** Asks for the permission (once per device unless the professor asks again with the button). */
export async function askForNotifications(): Promise<NotificationState> {
  if (notificationState() === 'unsupported') return 'unsupported';
  writeStorage(ASKED_KEY, '1');
  try {
    return await window.Notification.requestPermission();
  } catch {
    return notificationState();
  }
}

let audio: AudioContext | null = null;

/** Two short beeps (A5, then E6), 0.4 s in all, made by the Web Audio API: no sound file to load. */
export function playAlarmTone(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
    const start = audio.currentTime + 0.02;
    [880, 1318.5].forEach((frequency, index) => {
      const at = start + index * 0.22;
      const oscillator = audio!.createOscillator();
      const gain = audio!.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      oscillator.connect(gain).connect(audio!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.2);
    });
  } catch {
    // No Web Audio here: the notification alone.
  }
}

/** The system notification of a rising alarm; clicking it brings the live view back. */
export function showAlarmNotification(title: string, body: string, tag: string): void {
  if (notificationState() !== 'granted') return;
  try {
    const notification = new window.Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some browsers only notify from a service worker (Chrome on Android): the page's banner remains.
  }
}
