import { msg } from '../../../i18n/msg';
import { Island } from '../../runtime/Island';
import { whenAddressHas } from '../../runtime/pageMarks';
import { useT } from '../../runtime/useT';
import LanguageSelect from '../../shell/LanguageSelect.island';
import { PageShell } from '../../shell/PageShell';
import { AppLink } from '../../ui/AppLink';
import { BadgeList } from '../../ui/BadgeList';
import { Card } from '../../ui/Card';
import { FooterLinks } from '../../ui/FooterLinks';
import { Box, Container, Grid, HStack, Heading, Link, LinkButton, Stack, Text } from '../../ui/primitives';
import ErrorBanner from './ErrorBanner.island';

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
export default function LandingPage() {
  const { t } = useT();
  return (
    <PageShell footer={<LandingFooter />}>
      {/* Nothing to draw but the `?error=` banner. */}
      <Island of={ErrorBanner} props={{}} onFirstUse={{ orWhenPageMatches: whenAddressHas('error') }} />

      <Box as="section" aria-labelledby="hero-heading" py={{ base: '12', md: '20' }}>
        <Container maxW="4xl" textAlign="center">
          <Stack gap="6" align="center">
            <Heading id="hero-heading" as="h1" textStyle={{ base: '3xl', md: '5xl' }} fontWeight="semibold" lineHeight="1.15">
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

      <Audience id="students" title={t('For Students')} items={FOR_STUDENTS} />
      <Audience id="professors" title={t('For Professors')} items={FOR_PROFESSORS} tinted />

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
    </PageShell>
  );
}

function LandingFooter() {
  const { t } = useT();
  return (
    <Box as="footer" borderTopWidth="1px" py="8">
      <Container maxW="6xl">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align="center" gap="4">
          <Text fontWeight="semibold">{t('ClassPulse')}</Text>
          <HStack as="nav" aria-label={t('Footer')} flexWrap="wrap" justify="center" gap="4" fontSize="sm">
            <FooterLinks />
            <Link as={AppLink} href="/admin" color="fg.muted">
              {t('Admin')}
            </Link>
            <Island of={LanguageSelect} props={{}} onFirstUse={{}} />
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

interface AudienceProps {
  id: string;
  title: string;
  items: { title: string; text: string }[];
  tinted?: boolean;
}

function Audience({ id, title, items, tinted }: AudienceProps) {
  const { t } = useT();
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} py="14" bg={tinted ? 'bg.subtle' : undefined}>
      <Container maxW="6xl">
        <Heading id={`${id}-heading`} as="h2" size="2xl" textAlign="center" mb="8">
          {title}
        </Heading>
        <Grid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="5">
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
        </Grid>
      </Container>
    </Box>
  );
}

/** The page's two ways on: find a course (students), the professor tools. */
function CallsToAction({ findCourse }: { findCourse: string }) {
  const { t } = useT();
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
      <LinkButton as={AppLink} href="/course-search" size="lg" colorPalette="blue">
        {findCourse}
      </LinkButton>
      <LinkButton as={AppLink} href="/professor" size="lg" variant="outline">
        {t('Explore Professor Tools')}
      </LinkButton>
    </Stack>
  );
}
