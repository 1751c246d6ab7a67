import { msg } from '../../../i18n/msg';
import { useT } from '../../runtime/useT';
import { styled } from 'styled-system/jsx';
import { Bullets, Code, TextPage, TextSection } from '../../ui/TextPage';
import { DataInventory } from './DataInventory';

const IN_SHORT = [
  msg('Students never sign in, and ClassPulse never asks for a name or a student ID.'),
  msg('No IP address, user agent or device id is ever stored.'),
  msg("Nothing stored with a piece of feedback ties it to a person, or to the same student's other feedback."),
  msg("Feedback is deleted after the course's retention period: by default, 180 days after the course's last class."),
];

const HOW_IT_WORKS = [
  msg('Your professor shares a class link or QR code, or you find the course by its code.'),
  msg('You write what confused you. You do not sign in, and the form asks nothing about you.'),
  msg(
    "Your browser receives a private link to your feedback. Only a hash of it is stored, so only whoever holds the link can read or edit the feedback and read the professor's reply.",
  ),
  msg(
    'Your professor and their teaching team read the feedback: during class in the live view, in shuffled groups of three with no times, and afterwards on their dashboard.',
  ),
  msg(
    'The public course page shows some feedback (topic, text, difficulty and time) once a class session has enough responses to keep everyone anonymous.',
  ),
  msg(
    'To stop floods, the server counts requests per network and per device with keyed hashes that are deleted after 48 hours and never stored beside feedback.',
  ),
];

const WHO_SEES_WHAT = [
  {
    who: msg('Students'),
    what: msg(
      'Your own feedback and the professor\'s reply, through your private link. If the course turns on "me too", also the texts of your class session that the public course page could show, with their "me too" counts and no times.',
    ),
  },
  {
    who: msg('The public'),
    what: msg(
      'A course\'s code and name; its public feedback (topic, text, difficulty and time, the newest 100); its "You said, we did" notes; and the user stories board. Never e-mail addresses, replies, hashes, or the feedback of a class session that has fewer responses than the course\'s minimum.',
    ),
  },
  {
    who: msg('Your professor and their teaching team (co-instructors and TAs)'),
    what: msg(
      'Every piece of feedback of their own courses, with when it was sent, and their replies. Never who sent it, nor which pieces came from the same student.',
    ),
  },
  {
    who: msg('App owners'),
    what: msg(
      'The accounts that moderate the public user stories board: they change, merge and delete suggestions. Being an owner shows them no feedback.',
    ),
  },
  {
    who: msg('Whoever runs the Supabase project'),
    what: msg(
      'The operator who hosts ClassPulse (your school, for example) can read every table of the database, as any database administrator can: the data inventory below lists all of it. The request logs of the hosting services (Supabase, the web host) may record network addresses for as long as those services keep logs; ClassPulse does not control them.',
    ),
  },
];

const CANNOT_LEARN = [
  msg('Who you are: nothing you send names you, and nothing stored can tell them.'),
  msg('Which pieces of feedback came from the same student.'),
  msg(
    'When you sent a text during class: the live view reveals texts only in whole groups of three, each group shuffled, with no time on any one, so no text can be matched to the moment someone looked at their phone. Afterwards, the dashboard and its export show when each piece of feedback was sent.',
  ),
  msg(
    'The breakdown of a small group: for a class session with fewer responses than the course\'s minimum (3 by default), Session Insights hide the averages, the distributions and the most common words, and its texts stay off the public course page and the "me too" list. The team still reads each text on its dashboard.',
  ),
  msg('Whether you read their reply, or asked to be notified of it: there is no read receipt.'),
];

const NEVER_STORED = [
  msg(
    'IP addresses, not even as a plain hash. The server reads your address only to count rate limits, turns it at once into a keyed hash, and keeps only keys made from that hash, different for every class session or day, for at most 48 hours.',
  ),
  msg('User agents (which browser or phone you use): they are never read.'),
  msg(
    'Your device id: a random number your browser keeps so that limits count per device. On the server it becomes a keyed hash per class session, never stored beside your feedback.',
  ),
  msg("Students' names, student IDs or e-mail addresses: the forms do not ask for them."),
  msg(
    "Identities from a learning management system: when you open ClassPulse from your school's LMS as a student, what the launch says about who you are is discarded, never stored. An instructor's or TA's launch uses the e-mail the LMS shares only to sign in to their ClassPulse account (making it when the school's platform is trusted for that e-mail's domain); their LMS user id and name are not kept either.",
  ),
  msg('Private links and voting tokens as they are: only their SHA-256 hashes are kept.'),
];

const STORED = [
  msg(
    "Feedback: until the course's retention setting deletes it (30, 90, 180 or 365 days after the course's last class, 180 by default, and never while younger than that; a course may also keep it), until the team deletes all of the course's feedback, or with the course.",
  ),
  msg('Replies, and "me too" counts: with their feedback.'),
  msg('Rate-limit counters: 48 hours.'),
  msg('"Me too"s: the device hash for 48 hours after the class session was created; after that, only the count.'),
  msg("Reply notifications: the browser's push address, until the notification is sent or turned off."),
  msg(
    'Feedback sent again after a network failure: it carries a key (the secret of its private link) so that it is stored once; only the hash of that key is kept, with the feedback.',
  ),
  msg(
    "Professors' accounts, courses, teams and notes: until they are deleted. Deleting an account deletes its courses and everything in them.",
  ),
  msg("Board suggestions and votes: until they are deleted or taken back. The voting tokens' hashes are not deleted."),
];

const ON_DEVICE = [
  {
    key: 'classpulse.rememberedFeedback',
    what: msg(
      '"My feedback": the private links of the feedback you chose to remember on this device, with the course, the first words and when you sent it. Forget and Forget all remove them.',
    ),
  },
  { key: 'classpulse.pendingSubmissions', what: msg('Feedback waiting for a connection, until it is sent or refused.') },
  { key: 'classpulse.deviceId', what: msg('The random device id described above.') },
  {
    key: 'classpulse.coursePages',
    what: msg(
      "The course pages you opened last (up to ten): their code, name and professor's notes, as anyone with the course's link reads them, to show them at once on your next visit.",
    ),
  },
  { key: 'classpulse.userStories.sessionToken', what: msg('Your voting token for the user stories board.') },
  { key: 'classpulse.language, classpulse.theme', what: msg('Your language and theme.') },
  {
    key: 'classpulse.alarmSound, classpulse.notificationsAsked, classpulse.userStories.owner',
    what: msg("Professors' settings of the live view's alarm, and the board owners' switch."),
  },
];

const OFFLINE_COPY = msg(
  "This site's offline copy (its service worker) keeps the student pages and their code, and the course pages and Session Feedback pages you opened today as the site serves them to anyone with their link (the course and its professor's notes, nothing of yours), to show them at once, even offline. Clearing the site's data removes it.",
);

/** /privacy: what ClassPulse stores, who sees it and for how long, written from the database itself. */
export default function PrivacyPage() {
  const { t } = useT();
  return (
    <TextPage
      heading={t('Privacy Policy')}
      lead={t(
        "ClassPulse lets students tell their professors what confused them in class without saying who they are. This page says what ClassPulse stores, who can see it and for how long. It is written from the app's own database and code.",
      )}
    >
      <TextSection id="in-short" title={t('In short')}>
        <Bullets items={IN_SHORT.map((text) => t(text))} />
      </TextSection>

      <TextSection id="how-it-works" title={t('How it works')}>
        <Bullets ordered items={HOW_IT_WORKS.map((text) => t(text))} />
      </TextSection>

      <TextSection id="who-sees-what" title={t('Who can see what')}>
        <Bullets
          items={WHO_SEES_WHAT.map(({ who, what }) => (
            <>
              <styled.span fontWeight="semibold">{t(who)}</styled.span>
              {': '}
              {t(what)}
            </>
          ))}
        />
      </TextSection>

      <TextSection id="professors-cannot-learn" title={t('What your professor cannot learn')}>
        <Bullets items={CANNOT_LEARN.map((text) => t(text))} />
      </TextSection>

      <TextSection id="never-stored" title={t('What is never stored')}>
        <Bullets items={NEVER_STORED.map((text) => t(text))} />
      </TextSection>

      <TextSection id="kept" title={t('What is stored, and for how long')}>
        <Bullets items={STORED.map((text) => t(text))} />
      </TextSection>

      <TextSection id="on-your-device" title={t('On your device')}>
        <styled.p>
          {t(
            'Your browser keeps these in its own storage (localStorage) until you clear it. The Session Feedback form also remembers the feedback you are editing while its tab is open (sessionStorage).',
          )}
        </styled.p>
        <Bullets
          items={ON_DEVICE.map(({ key, what }) => (
            <>
              <Code wordBreak="break-all">{key}</Code> {t(what)}
            </>
          ))}
        />
        <styled.p>{t(OFFLINE_COPY)}</styled.p>
      </TextSection>

      <TextSection id="data-inventory" title={t('Data inventory')}>
        <DataInventory />
      </TextSection>
    </TextPage>
  );
}
