import { Badge, Box, Button, Card, Field, Heading, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CourseAction } from './CourseAction';
import { RetryLine } from './RetryLine';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { enterFullscreen, presentPath } from '../../shared/present';
import { canEditCourse, canManageTeam, type ProfessorCourse, ROLE_LABELS } from '../../shared/api/get-my-courses';
import { toaster } from '../../shared/ui/toaster';
import { useCreateTodaySession } from './api/create-today-session';
import { useActiveSession } from './api/get-active-session';
import { DeleteFeedbackButton } from './DeleteFeedbackDialog';
import { QrCodeDialog } from './QrCodeDialog';
import { TeamDialog } from './TeamDialog';
import { EndTermDialog } from './EndTermDialog';
import { StartNextTermDialog } from './StartNextTermDialog';
import { ClassSummarySetting } from './ClassSummarySetting';
import { courseWithSection } from '../../shared/terms';
import { sessionLink } from './sessionLink';
import { useTranslation } from 'react-i18next';
import { withNodes } from '../../shared/ui/withNodes';
import { currentLanguage } from '../../i18n/i18n';

interface CourseCardProps {
  course: ProfessorCourse;
  onEdit: (course: ProfessorCourse) => void;
  onDelete: (course: ProfessorCourse) => void;
}

export function CourseCard({ course, onEdit, onDelete }: CourseCardProps) {
  const { t } = useTranslation();
  const headingId = `course-${course.id}-title`;
  // What the caller's role allows (docs/drafts/13-team.md); the database enforces the same.
  const canEdit = canEditCourse(course.role);
  const ended = course.endedAt !== null;
  // "COSC 1337 · Section 002": names the course in the buttons' names too, as several share a code.
  const label = courseWithSection(course.code, course.section, t('Section'));
  const [teamOpen, setTeamOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm" data-ended={ended || undefined}>
      <Card.Header>
        <Stack direction="row" justify="space-between" align="flex-start" gap="2">
          <Box minW="0">
            <Heading as="h3" size="md" id={headingId} wordBreak="break-word">
              {course.name}
            </Heading>
            <Badge mt="1" variant="subtle" colorPalette="blue" data-testid="course-code">
              {label}
            </Badge>
            {course.role !== 'owner' && (
              <Badge mt="1" ml="1" variant="solid" colorPalette={course.role === 'ta' ? 'gray' : 'purple'} data-testid="course-role">
                {t(ROLE_LABELS[course.role])}
              </Badge>
            )}
            <Stack direction="row" gap="2" align="center" mt="1" wrap="wrap">
              <Text fontSize="sm" color="fg.muted" data-testid="course-term">
                {course.term}
              </Text>
              {ended && (
                <Badge variant="subtle" colorPalette="orange" data-testid="term-ended">
                  {t('Term ended')}
                </Badge>
              )}
            </Stack>
          </Box>
          <Stack direction="row" gap="1" flexShrink={0}>
            {canEdit && <CourseAction label={t('Edit')} name={t('Edit {{code}}', { code: label })} onClick={() => onEdit(course)} />}
            {canManageTeam(course.role) && (
              <CourseAction label={t('Team')} name={t('Team of {{code}}', { code: label })} onClick={() => setTeamOpen(true)} />
            )}
            {course.role === 'owner' && (
              <CourseAction
                label={t('Delete')}
                name={t('Delete {{code}}', { code: label })}
                colorPalette="red"
                onClick={() => onDelete(course)}
              />
            )}
          </Stack>
        </Stack>
      </Card.Header>
      <Card.Body gap="4">
        {ended ? (
          <EndedTerm course={course} canStartNext={canEdit} />
        ) : canEdit ? (
          <TodaySession course={course} />
        ) : (
          <ReadAccess course={course} />
        )}
        <Box>
          <TermReportLink courseId={course.id} />
        </Box>
        <ClassSummarySetting course={course} />
      </Card.Body>
      {canEdit && (
        <Card.Footer justifyContent="flex-end" gap="2" flexWrap="wrap">
          {!ended && (
            <CourseAction label={t('End Term')} name={t('End Term of {{course}}', { course: label })} onClick={() => setEndOpen(true)} />
          )}
          <DeleteFeedbackButton course={course} />
        </Card.Footer>
      )}
      {canManageTeam(course.role) && <TeamDialog course={course} open={teamOpen} onClose={() => setTeamOpen(false)} />}
      {canEdit && !ended && <EndTermDialog course={course} open={endOpen} onClose={() => setEndOpen(false)} />}
    </Card.Root>
  );
}

/**
 * An ended course's card: no class link, QR code or Present (create_today_session refuses them);
 * its feedback stays readable, and its owner and co-instructors can start the next term.
 */
function EndedTerm({ course, canStartNext }: { course: ProfessorCourse; canStartNext: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = courseWithSection(course.code, course.section, t('Section'));
  return (
    <Stack gap="3" align="flex-start">
      <Text fontSize="sm" color="fg.muted">
        {t('This term has ended: the course is out of course search and takes no more feedback. Your team can still read all of it.')}
      </Text>
      <Stack direction="row" gap="2" wrap="wrap">
        {canStartNext && (
          <Button size="sm" aria-label={t('Start Next Term of {{course}}', { course: label })} onClick={() => setOpen(true)}>
            {t('Start Next Term')}
          </Button>
        )}
        <LiveViewLink courseId={course.id} />
      </Stack>
      {canStartNext && <StartNextTermDialog course={course} open={open} onClose={() => setOpen(false)} />}
    </Stack>
  );
}

function LiveViewLink({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  return (
    <LinkButton asChild size="sm" variant="outline">
      <RouterLink to={`/professor/live/${courseId}`}>{t('Open Live View')}</RouterLink>
    </LinkButton>
  );
}

/** The course's term report (/professor/courses/{id}/report), for the whole team. */
function TermReportLink({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  return (
    <LinkButton asChild size="sm" variant="outline">
      <RouterLink to={`/professor/courses/${courseId}/report`}>{t('Term Report')}</RouterLink>
    </LinkButton>
  );
}

/** A TA's card: no class link, QR code or topic; the feedback is theirs to read and answer. */
function ReadAccess({ course }: { course: ProfessorCourse }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" align="flex-start">
      <Text fontSize="sm" color="fg.muted">
        {t('You have read access as a TA: you can read the feedback, reply and mark it reviewed.')}
      </Text>
      <LiveViewLink courseId={course.id} />
    </Stack>
  );
}

function formatExpiry(expiresAt: string): string {
  return new Date(expiresAt).toLocaleTimeString(currentLanguage(), { hour: 'numeric', minute: '2-digit' });
}

function formatSessionDate(sessionDate: string): string {
  // A plain date (YYYY-MM-DD): shown as that calendar day whatever the viewer's zone.
  const [year, month, day] = sessionDate.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString(currentLanguage(), { weekday: 'long', month: 'long', day: 'numeric' });
}

function TodaySession({ course }: { course: ProfessorCourse }) {
  const { t } = useTranslation();
  const session = useActiveSession(course.id);
  const create = useCreateTodaySession();
  const [topic, setTopic] = useState('');
  const [qrOpen, setQrOpen] = useState(false);
  const navigate = useNavigate();
  // "Create Today's Link" is replaced by the link and its buttons: focus goes on to Copy Link.
  const copyButton = useRef<HTMLButtonElement>(null);
  const focusCopyButton = useRef(false);
  useEffect(() => {
    if (!session.data || !focusCopyButton.current) return;
    focusCopyButton.current = false;
    if (document.activeElement === null || document.activeElement === document.body) copyButton.current?.focus();
  }, [session.data]);

  if (session.isLoading) return <Skeleton role="status" height="20" aria-label={t("Loading today's session")} />;
  if (session.isError) {
    return <RetryLine fontSize="sm" message={t("Unable to load today's session.")} onRetry={() => void session.refetch()} />;
  }

  const active = session.data;
  if (!active) {
    const createLink = async () => {
      try {
        focusCopyButton.current = true;
        await create.mutateAsync({ courseId: course.id, topic });
        setTopic('');
        toaster.create({ type: 'success', title: t('Success'), description: t("Today's class link created successfully") });
      } catch {
        focusCopyButton.current = false;
        toaster.create({ type: 'error', title: t('Error'), description: t('Failed to create class session') });
      }
    };
    return (
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('No active session for today')}
        </Text>
        <Field.Root>
          <Field.Label fontSize="sm">{t('Topic for today (optional)')}</Field.Label>
          <Input
            size="sm"
            maxLength={255}
            placeholder={t('e.g. Recursion')}
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
          />
        </Field.Root>
        <Button size="sm" onClick={createLink} loading={create.isPending} loadingText={t('Creating...')}>
          {t("Create Today's Link")}
        </Button>
      </Stack>
    );
  }

  const link = sessionLink(window.location.origin, active.accessToken);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toaster.create({ type: 'success', title: t('Copied!'), description: t('Link copied to clipboard') });
    } catch {
      toaster.create({ type: 'error', title: t('Error'), description: t('Failed to copy to clipboard') });
    }
  };

  return (
    <Stack gap="3">
      <Stack direction="row" align="center" gap="2" wrap="wrap">
        <Badge colorPalette="green" variant="subtle">
          {t('Active today')}
        </Badge>
        <Text fontSize="sm">{formatSessionDate(active.sessionDate)}</Text>
      </Stack>
      {active.topic && <Text fontSize="sm">{withNodes(t('Topic: {{topic}}'), { topic: <strong>{active.topic}</strong> })}</Text>}
      <Text fontSize="xs" color="fg.muted">
        {t('Link expires at {{time}}', { time: formatExpiry(active.expiresAt) })}
      </Text>
      <Box as="code" fontSize="xs" bg="bg.muted" p="2" rounded="sm" wordBreak="break-all" data-testid="class-link">
        {link}
      </Box>
      <Stack direction="row" gap="2" wrap="wrap">
        <Button ref={copyButton} size="sm" onClick={copy}>
          {t('Copy Link')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setQrOpen(true)}>
          {t('QR Code')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('Present {{code}}', { code: courseWithSection(course.code, course.section, t('Section')) })}
          onClick={() => {
            enterFullscreen();
            void navigate(presentPath(course.id));
          }}
        >
          {t('Present')}
        </Button>
        <LiveViewLink courseId={course.id} />
      </Stack>
      <QrCodeDialog
        open={qrOpen}
        onClose={() => setQrOpen(false)}
        courseCode={course.code}
        courseLabel={courseWithSection(course.code, course.section, t('Section'))}
        link={link}
      />
    </Stack>
  );
}
