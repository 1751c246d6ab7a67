import { Island } from '../../runtime/Island';
import { whenAddressHas } from '../../runtime/pageMarks';
import { useT } from '../../runtime/useT';
import { PageShell } from '../../shell/PageShell';
import { AppLink } from '../../ui/AppLink';
import { Box, Container, Heading, Link, Stack, Text } from '../../ui/primitives';
import CourseSearch from './CourseSearch.island';

/** The seed's "Course search": one exact (trimmed) code, results or the "Course Not Found" card. */
export default function CourseSearchPage() {
  const { t } = useT();
  return (
    <PageShell>
      <Container maxW="2xl" py={{ base: '8', md: '12' }}>
        <Stack gap="8">
          <Stack gap="2" textAlign="center">
            <Heading as="h1" size="3xl">
              {t('Find Your Course')}
            </Heading>
            <Text color="fg.muted">{t('Enter your course code to view the course and share anonymous feedback.')}</Text>
          </Stack>

          <Island of={CourseSearch} props={{}} onFirstUse={{ orWhenPageMatches: whenAddressHas('code') }} />

          <Box textAlign="center">
            <Link as={AppLink} href="/" color="fg.muted">
              {t('Back to Home')}
            </Link>
          </Box>
        </Stack>
      </Container>
    </PageShell>
  );
}
