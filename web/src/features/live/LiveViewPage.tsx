import { Badge, Box, Button, Card, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { useCourse } from '../../shared/api/get-course';
import { canEditCourse, useMyCourses } from '../../shared/api/get-my-courses';
import { CHALLENGE_LABELS, DIFFICULTY_LABELS, PACE_LABELS } from '../../shared/labels';
import { LinkButton } from '../../shared/ui/LinkButton';
import { CourseTitle } from '../../shared/ui/CourseTitle';
import { MessageBlock } from '../../shared/ui/MessageBlock';
import { NotFound } from '../../shared/ui/NotFound';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { enterFullscreen, presentPath } from '../../shared/present';
import { toaster } from '../../shared/ui/toaster';
import { type LiveSnapshot, useLiveSession } from './api/get-live-session';
import { AlarmNotice } from './components/AlarmNotice';
import { AlarmSettingsForm } from './components/AlarmSettingsForm';
import { AlarmSoundSetting } from './components/AlarmSoundSetting';
import { Distribution } from './components/Distribution';
import { LiveStats } from './components/LiveStats';
import { LiveTexts } from './components/LiveTexts';
import { SharedConfusion } from './components/SharedConfusion';
import { NoteForm } from './components/NoteForm';
import { openPopOut } from './popOut';
import { useAlarmSignal, useAlarmSound, useNotificationPermission } from './useAlarmSignal';
import { useTranslation } from 'react-i18next';
import { courseWithSection } from '../../shared/terms';
import { TitledAlert } from '../../shared/ui/TitledAlert';

const rowsOf = <K extends string>(labels: Record<K, string>, counts: Record<K, number>) =>
  (Object.keys(labels) as K[]).map((key) => ({ label: labels[key], count: counts[key] ?? 0 }));

/** /professor/live/{courseId}: today's session as it happens, refreshed every second while visible. */
export function LiveViewPage() {
  const { t } = useTranslation();
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const notifications = useNotificationPermission();
  const sound = useAlarmSound();
  // Hidden behind the slides, it keeps asking only when the alarm has a way to reach the professor.
  const live = useLiveSession(courseId, { inBackground: notifications.state === 'granted' || sound.on });
  const alarm = live.data?.alarm;
  useAlarmSignal({
    active: alarm?.active,
    title: t('Many students are lost right now'),
    body: course.data ? `${courseWithSection(course.data.code, course.data.section, t('Section'))} · ${t('Live View')}` : t('Live View'),
    tag: `classpulse-alarm-${courseId}`,
    sound: sound.on,
  });
  const role = useMyCourses().data?.find((mine) => mine.id === courseId)?.role;
  const canEdit = role !== undefined && canEditCourse(role);

  if (live.isError && !live.data) {
    if (isNotFound(live.error)) {
      return (
        <NotFound
          title={t('Course Not Found')}
          description={t('This course does not exist or is not one of yours.')}
          action={{ to: '/professor', label: t('Manage Courses') }}
        />
      );
    }
    return <LoadFailure what={t('the live view')} onRetry={() => void live.refetch()} retrying={live.isFetching} />;
  }
  if (!live.data) return <Skeleton role="status" height="48" aria-label={t('Loading the live view')} />;

  return (
    <Stack gap="6">
      <HStack gap="3" wrap="wrap">
        <Badge colorPalette="red" variant="solid" size="lg" gap="1.5" data-testid="live-indicator">
          <Box as="span" w="2" h="2" rounded="full" bg="white" aria-hidden="true" />
          {t('Live')}
        </Badge>
        {course.data && (
          <CourseTitle code={courseWithSection(course.data.code, course.data.section, t('Section'))} name={course.data.name} />
        )}
        {course.data?.endedAt && (
          <Badge colorPalette="orange" variant="subtle" data-testid="term-ended">
            {t('Term ended')}
          </Badge>
        )}
        {live.data.session?.topic && <Text color="fg.muted">{t('Topic: {{topic}}', { topic: live.data.session.topic })}</Text>}
        <PresentingButtons courseId={courseId} courseCode={course.data?.code} canPresent={canEdit && !course.data?.endedAt} />
      </HStack>
      <AlarmNotice state={notifications.state} onAsk={() => void notifications.ask()} />
      {live.data.session ? <LiveSession live={live.data} courseId={courseId} canEdit={canEdit} sound={sound} /> : <NoSessionToday />}
    </Stack>
  );
}

function NoSessionToday() {
  const { t } = useTranslation();
  return (
    <Card.Root>
      <Card.Body>
        <MessageBlock
          size="md"
          title={t('No class session today')}
          description={t("Create today's class link on the course card; responses will appear here as they arrive.")}
        >
          <LinkButton asChild variant="outline">
            <RouterLink to="/professor">{t('Manage Courses')}</RouterLink>
          </LinkButton>
        </MessageBlock>
      </Card.Body>
    </Card.Root>
  );
}

/** Pop Out (the figures in a small window over the slides) and Present (the projector's join screen). */
function PresentingButtons({ courseId, courseCode, canPresent }: { courseId: string; courseCode?: string; canPresent: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const popOut = async () => {
    const opened = await openPopOut(courseId, courseCode ? `${courseCode} · ${t('Live')}` : t('Live View'));
    if (opened === 'blocked') {
      toaster.create({
        type: 'error',
        title: t('Error'),
        description: t('The browser blocked the window: allow pop-ups for this site and try again.'),
      });
    }
  };
  return (
    <HStack gap="2" ms={{ md: 'auto' }}>
      <Button size="sm" variant="outline" onClick={() => void popOut()}>
        {t('Pop Out')}
      </Button>
      {/* TAs may not show the class link (nor, so, its QR code). */}
      {canPresent && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            enterFullscreen();
            void navigate(presentPath(courseId));
          }}
        >
          {t('Present')}
        </Button>
      )}
    </HStack>
  );
}

function LiveSession({
  courseId,
  live,
  canEdit,
  sound,
}: {
  courseId: string;
  live: LiveSnapshot;
  canEdit: boolean;
  sound: { on: boolean; change: (on: boolean) => void };
}) {
  const { t } = useTranslation();
  const { alarm } = live;
  const [settingsOpen, setSettingsOpen] = useState(false);
  // TAs read and reply, but write no notes and change no settings (RLS refuses both anyway);
  // the forms appear once the caller's role is known.
  return (
    <>
      {alarm.active && (
        <TitledAlert status="error" role="alert" testId="confusion-alarm" title={t('Many students are lost right now')}>
          {t('{{lost}} of the {{recent}} responses of the last {{minutes}} minutes are completely lost or rate clarity 1–2.', {
            lost: alarm.lost,
            recent: alarm.recent,
            minutes: alarm.windowMinutes,
          })}
        </TitledAlert>
      )}
      <LiveStats live={live} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Distribution title={t('Pace')} rows={rowsOf(PACE_LABELS, live.pace)} palette="blue" />
        <Distribution title={t('Challenge')} rows={rowsOf(CHALLENGE_LABELS, live.challenge)} palette="purple" />
        <Distribution title={t('Quick reports by difficulty')} rows={rowsOf(DIFFICULTY_LABELS, live.difficulty)} palette="orange" />
      </SimpleGrid>
      <SharedConfusion courseId={courseId} replied={live.replies} />
      <LiveTexts live={live} />
      {canEdit && live.session && <NoteForm courseId={courseId} sessionId={live.session.sessionId} />}
      {canEdit && (
        <Box>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={settingsOpen}
            aria-controls="alarm-settings"
            onClick={() => setSettingsOpen((open) => !open)}
          >
            {t('Alarm settings')}
          </Button>
          {settingsOpen && (
            <Stack id="alarm-settings" pt="3" gap="4">
              <AlarmSoundSetting on={sound.on} onChange={sound.change} />
              <AlarmSettingsForm courseId={courseId} alarm={alarm} />
            </Stack>
          )}
        </Box>
      )}
    </>
  );
}
