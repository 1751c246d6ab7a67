import { useEffect, useRef, useState } from 'react';
import {
  type NotificationState,
  alarmSoundOn,
  askForNotifications,
  notificationState,
  notificationsAsked,
  playAlarmTone,
  setAlarmSoundOn,
  showAlarmNotification,
} from './alarmSignal';

/** The notification permission, asked for once per device the first time the live view opens. */
export function useNotificationPermission() {
  const [state, setState] = useState<NotificationState>(notificationState);
  useEffect(() => {
    if (state !== 'default' || notificationsAsked()) return;
    void askForNotifications().then(setState);
  }, [state]);
  const ask = () => askForNotifications().then(setState);
  return { state, ask };
}

/** This device's alarm-sound choice (localStorage). Turning it on plays the tone once, as a preview. */
export function useAlarmSound() {
  const [on, setOn] = useState(alarmSoundOn);
  const change = (next: boolean) => {
    setAlarmSoundOn(next);
    setOn(next);
    if (next) playAlarmTone();
  };
  return { on, change };
}

/**
 * Notifies (and sounds, if chosen) when the alarm rises, off → on, while the page is hidden: not
 * while it is visible, not for an alarm already on when the page opened, and once per rise however
 * many polls it stays on.
 */
export function useAlarmSignal({
  active,
  title,
  body,
  tag,
  sound,
}: {
  active: boolean | undefined;
  title: string;
  body: string;
  tag: string;
  sound: boolean;
}) {
  const previous = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    const was = previous.current;
    previous.current = active;
    if (was !== false || active !== true || document.visibilityState !== 'hidden') return;
    showAlarmNotification(title, body, tag);
    if (sound) playAlarmTone();
    // A new text or choice while the alarm stays on finds `was` already true: nothing again.
  }, [active, title, body, tag, sound]);
}
