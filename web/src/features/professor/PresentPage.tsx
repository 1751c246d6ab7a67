import { Button, Flex, HStack, Heading, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { useCourse } from '../../shared/api/get-course';
import { courseWithSection } from '../../shared/terms';
import { canEditCourse, useMyCourses } from '../../shared/api/get-my-courses';
import { enterFullscreen } from '../../shared/present';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useCreateTodaySession } from './api/create-today-session';
import { useActiveSession } from './api/get-active-session';
import { sessionLink } from './sessionLink';

const subscribeFullscreen = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullscreen = () => document.fullscreenElement !== null;
const canFullscreen = () => typeof document.documentElement.requestFullscreen === 'function';

/** Today's class link as an SVG QR code (it stays sharp at any size), or null while it is drawn. */
function useQrCode(link: string | null): string | null {
  const [svg, setSvg] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let current = true;
    import('qrcode')
      .then((QRCode) =>
        QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }),
      )
      .then((markup) => current && setSvg({ link, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` }))
      .catch((error: unknown) => console.error('QR code generation failed', error));
    return () => {
      current = false;
    };
  }, [link]);
  return svg && svg.link === link ? svg.url : null;
}

/** The screen's words, sized from the window so they read from the back of a hall. */
const BIG = 'clamp(2.5rem, 11vmin, 9rem)';
const HEADING = 'clamp(1.6rem, 6vmin, 4.5rem)';
const LINE = 'clamp(1.1rem, 3.6vmin, 2.6rem)';

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="4" align="center" textAlign="center" maxW="xl">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * /professor/present/{courseId}: the projector's join screen. Today's class link as a QR code at
 * least half the screen high (today's session is created if there is none yet), the course code,
 * and the site to search it on; "End-of-class minute" turns it into "Tell us what was unclear".
 * Full screen when the browser allows it; the same layout in a window otherwise.
 */
export function PresentPage() {
  const { t } = useTranslation();
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const course = useCourse(courseId);
  const myCourses = useMyCourses();
  const role = myCourses.data?.find((mine) => mine.id === courseId)?.role;
  const mayShowLink = role !== undefined && canEditCourse(role);
  const session = useActiveSession(courseId);
  const create = useCreateTodaySession();
  const [endOfClass, setEndOfClass] = useState(false);
  const fullscreen = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false);

  // No session yet today: create it, as Create Today's Link does (never again once one exists,
  // which would give it a new link).
  // An ended term has no class link (create_today_session refuses it).
  const ended = Boolean(course.data?.endedAt);
  const needsSession = mayShowLink && !ended && session.isSuccess && session.data === null;
  const { mutate, isIdle } = create;
  useEffect(() => {
    if (needsSession && isIdle) mutate({ courseId, topic: '' });
  }, [needsSession, isIdle, mutate, courseId]);

  const link = mayShowLink && !ended && session.data ? sessionLink(window.location.origin, session.data.accessToken) : null;
  const qr = useQrCode(link);

  const exit = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    // Back where Present was chosen; opened directly, the course's live view.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(`/professor/live/${courseId}`);
  };

  let body;
  if (course.isError || (myCourses.isSuccess && role === undefined)) {
    body = (
      <Message title={isNotFound(course.error) ? t('Course Not Found') : t('Unable to load the course.')}>
        <Text>{t('This course does not exist or is not one of yours.')}</Text>
      </Message>
    );
  } else if (ended) {
    body = <Message title={t("This course's term has ended. Start Next Term to get a class link.")} />;
  } else if (role !== undefined && !mayShowLink) {
    body = <Message title={t("Only the course's owner and co-instructors can show its class link.")} />;
  } else if (session.isError || create.isError || myCourses.isError) {
    body = (
      <Message title={t("Unable to load today's session.")}>
        <Button
          onClick={() => {
            create.reset();
            void session.refetch();
            void myCourses.refetch();
          }}
        >
          {t('Try again')}
        </Button>
      </Message>
    );
  } else if (!course.data || !link || !qr) {
    body = <Spinner size="xl" aria-label={t('Generating QR code')} />;
  } else {
    const code = course.data.code;
    const label = courseWithSection(code, course.data.section, t('Section'));
    body = (
      <Flex direction="column" _landscape={{ flexDirection: 'row' }} align="center" justify="center" gap="4vmin" width="full">
        <Image
          src={qr}
          alt={t('QR code for {{link}}', { link })}
          data-testid="present-qr"
          flexShrink={0}
          boxSize="min(60vh, 100vw)"
          _landscape={{ boxSize: 'min(78vh, 52vw)' }}
        />
        <Stack gap="2vmin" align="center" textAlign="center" _landscape={{ alignItems: 'flex-start', textAlign: 'start' }} minW="0" px="2">
          <Heading as="h1" fontSize={HEADING} lineHeight="1.15" data-testid="present-heading">
            {endOfClass ? t('Tell us what was unclear') : t("Scan for today's class feedback")}
          </Heading>
          {endOfClass && <Text fontSize={LINE}>{t('One minute, anonymous: what should be explained again?')}</Text>}
          <Text fontSize={BIG} fontWeight="bold" lineHeight="1" wordBreak="break-word" data-testid="present-code">
            {label}
          </Text>
          <Text fontSize={LINE} data-testid="present-search">
            {t('or search {{code}} at {{site}}', { code, site: window.location.host })}
          </Text>
        </Stack>
      </Flex>
    );
  }

  return (
    // Dark on white whatever the color mode: what projectors show best, and what phones scan best.
    <Flex className="chakra-theme light" colorPalette="gray" direction="column" minH="100dvh" bg="white" color="gray.950">
      <title>{`${t('Present')}${course.data ? ` · ${courseWithSection(course.data.code, course.data.section, t('Section'))}` : ''} · ClassPulse`}</title>
      <Flex as="main" flex="1" align="center" justify="center" p="2vmin">
        {body}
      </Flex>
      <HStack as="nav" aria-label={t('Presenting')} justify="center" gap="2" p="2" wrap="wrap">
        {link && (
          <Button size="sm" variant="outline" onClick={() => setEndOfClass((on) => !on)}>
            {endOfClass ? t('Show the Join Screen') : t('End-of-Class Minute')}
          </Button>
        )}
        {!fullscreen && canFullscreen() && (
          <Button size="sm" variant="outline" onClick={enterFullscreen}>
            {t('Full Screen')}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={exit}>
          {t('Exit')}
        </Button>
        {(course.isError || ended || (myCourses.isSuccess && role === undefined)) && (
          <LinkButton asChild size="sm" variant="outline">
            <RouterLink to="/professor">{t('Manage Courses')}</RouterLink>
          </LinkButton>
        )}
      </HStack>
    </Flex>
  );
}
