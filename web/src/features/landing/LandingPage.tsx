import { Alert, Box, Card, Container, HStack, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BadgeList } from '../../shared/ui/BadgeList';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { FooterLinks } from '../../shared/ui/FooterLinks';
import { useHydrated } from '../../shared/useHydrated';
import { LanguageSelect } from '../../shared/ui/SettingsSelects';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import { EXPIRED_LINK_MESSAGE } from '../../shared/expiredLink';

const CLAIMS = [msg('100% Anonymous'), msg('Real-time Insights'), msg('Class-wide Analytics')];

const FOR_STUDENTS = [
  {
    title: msg('Complete Anonymity'),
    text: msg('No login, no name, no student ID. Nothing you send can be traced back to you.'),
  },
  {
    title: msg('Better Learning'),
    text: msg('Tell your professor what confused you while it is fresh, so the next class starts where you need it.'),
  },
  {
    title: msg('Voice Your Concerns'),
    text: msg('Ask the question you would rather not ask in front of everyone.'),
  },
];

const FOR_PROFESSORS = [
  { title: msg('Real-time Feedback'), text: msg('See what confused your class minutes after the lecture ends.') },
  { title: msg('Pattern Recognition'), text: msg('The topics that confuse the most students rise to the top.') },
  { title: msg('Teaching Insights'), text: msg('Pace, challenge, clarity and confidence for every class session.') },
  { title: msg('Course Improvement'), text: msg('Revisit the hardest topics while there is still time in the semester.') },
  { title: msg('Student Engagement'), text: msg('Quiet students get a voice with one daily link or QR code.') },
  { title: msg('Early Intervention'), text: msg('Spot a struggling class before the exam does.') },
];

/** The seed's "Landing page"; `?error=` shows a red banner once and leaves the address bar. */
export function LandingPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [error] = useState(() => searchParams.get('error'));
  // The prerendered page has no banner; it appears once the app has taken the page over.
  const hydrated = useHydrated();
  // A light page's banner is in its HTML, hidden, for the page's script to fill from `?error=`.
  const light = useLightPage();

  useEffect(() => {
    if (!searchParams.has('error')) return;
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  return (
    <>
      <title>{t('ClassPulse · Privacy-first feedback for better teaching and learning')}</title>
      {((error && hydrated) || light) && (
        <Container
          maxW="6xl"
          pt="6"
          hidden={light}
          // The one message that comes this way (an expired class link's), in the page's language.
          {...(light ? { [LIGHT.errorBanner]: JSON.stringify({ [EXPIRED_LINK_MESSAGE]: t(EXPIRED_LINK_MESSAGE) }) } : {})}
        >
          <Alert.Root status="error" variant="solid" role="alert">
            <Alert.Indicator />
            {/* The message comes in English (its catalog key): a Spanish visitor reads it in Spanish. */}
            <Alert.Description>{light ? '' : t(error ?? '')}</Alert.Description>
          </Alert.Root>
        </Container>
      )}

      <Box as="section" aria-labelledby="hero-heading" py={{ base: '12', md: '20' }}>
        <Container maxW="4xl" textAlign="center">
          <Stack gap="6" align="center">
            <Heading id="hero-heading" as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
              {t('Privacy-first feedback for better teaching and learning')}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
              {t('Students tell their professors what confused them, anonymously. Professors see it in time to teach it again.')}
            </Text>
            <BadgeList label={t('Why ClassPulse')} items={CLAIMS.map((claim) => t(claim))} colorPalette="blue" gap="3" />
            <CallsToAction findCourse={t('Find My Course & Submit Feedback')} />
          </Stack>
        </Container>
      </Box>

      <Audience id="students" title={t('For Students')} items={FOR_STUDENTS} columns={3} />
      <Audience id="professors" title={t('For Professors')} items={FOR_PROFESSORS} columns={3} tinted />

      <Box as="section" aria-labelledby="cta-heading" py="16">
        <Container maxW="3xl" textAlign="center">
          <Stack gap="5" align="center">
            <Heading id="cta-heading" as="h2" size="2xl">
              {t('Ready to make class clearer?')}
            </Heading>
            <Text color="fg.muted">{t('Students need no account. Professors set up a course in a minute.')}</Text>
            <CallsToAction findCourse={t('Find Your Course')} />
          </Stack>
        </Container>
      </Box>

      <Box as="footer" borderTopWidth="1px" py="8">
        <Container maxW="6xl">
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align="center" gap="4">
            <Text fontWeight="semibold">{t('ClassPulse')}</Text>
            <HStack as="nav" aria-label={t('Footer')} wrap="wrap" justify="center" gap="4" fontSize="sm">
              <FooterLinks />
              <Link asChild color="fg.muted">
                <RouterLink to="/admin">{t('Admin')}</RouterLink>
              </Link>
              <LanguageSelect />
            </HStack>
          </Stack>
        </Container>
      </Box>
    </>
  );
}

interface AudienceProps {
  id: string;
  title: string;
  items: { title: string; text: string }[];
  columns: number;
  tinted?: boolean;
}

function Audience({ id, title, items, columns, tinted }: AudienceProps) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} py="14" bg={tinted ? 'bg.subtle' : undefined}>
      <Container maxW="6xl">
        <Heading id={`${id}-heading`} as="h2" size="2xl" textAlign="center" mb="8">
          {title}
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: columns }} gap="5">
          {items.map((item) => (
            <Card.Root as="li" key={item.title} variant="outline">
              <Card.Body gap="2">
                <Heading as="h3" size="md">
                  {t(item.title)}
                </Heading>
                <Text color="fg.muted">{t(item.text)}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** The page's two ways on: find a course (students), the professor tools. */
function CallsToAction({ findCourse }: { findCourse: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
      <LinkButton asChild size="lg" colorPalette="blue">
        <RouterLink to="/course-search">{findCourse}</RouterLink>
      </LinkButton>
      <LinkButton asChild size="lg" variant="outline">
        <RouterLink to="/professor">{t('Explore Professor Tools')}</RouterLink>
      </LinkButton>
    </Stack>
  );
}
