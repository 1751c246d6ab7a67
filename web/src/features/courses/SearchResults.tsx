import { Badge, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../shared/ui/LinkButton';
import { NotFound } from '../../shared/ui/NotFound';
import { LIGHT } from '../../shared/lightPageMarkers';
import { instructorList } from '../../shared/instructorList';
import type { FoundCourse } from './api/search-courses';

/** The results' list; a light page's template too, for a stand-in course (web/src/prerender.tsx). */
export function SearchResults({ courses }: { courses: FoundCourse[] }) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" listStyleType="none" gap="4" aria-label={t('Search results')}>
      {courses.map((course) => (
        <CourseResult key={course.id} course={course} />
      ))}
    </Stack>
  );
}

function CourseResult({ course }: { course: FoundCourse }) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root as="li" variant="outline">
      <Card.Body gap="3">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="4" align={{ sm: 'center' }}>
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {course.code}
            </Heading>
            <Text>{course.name}</Text>
            <Text color="fg.muted" textStyle="sm">
              {course.section && <span {...{ [LIGHT.courseSection]: '' }}>{t('Section {{section}}', { section: course.section })} · </span>}
              {course.term}
            </Text>
            {course.instructors.length > 0 && (
              <Text color="fg.muted" textStyle="sm" {...{ [LIGHT.courseInstructors]: '' }}>
                {t('Taught by {{names}}', { names: instructorList(course.instructors, i18n.language) })}
              </Text>
            )}
            <HStack gap="2" wrap="wrap" pt="1">
              <Badge colorPalette="green">{t('Active Course')}</Badge>
              <Badge colorPalette="blue">{t('Anonymous Feedback')}</Badge>
            </HStack>
          </Stack>
          <LinkButton asChild colorPalette="blue" flexShrink={0}>
            <RouterLink to={`/courses/${course.id}`} aria-label={t('View Course {{code}}', { code: course.code })}>
              {t('View Course')}
            </RouterLink>
          </LinkButton>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** An exact code that matched no course; a light page's template too. */
export function CourseNotFound() {
  const { t } = useTranslation();
  return (
    <Card.Root variant="outline" borderColor="border.error">
      <Card.Body>
        <NotFound title={t('Course Not Found')} description={t("We couldn't find a course with that code. Please check:")}>
          <Stack as="ul" ps="5" gap="1" listStyleType="disc">
            <li>{t('The spelling of the course code')}</li>
            <li>{t('The exact format, e.g. COSC 1337 (letters, a space, then numbers)')}</li>
            <li>{t('That the course is active this semester')}</li>
          </Stack>
        </NotFound>
      </Card.Body>
    </Card.Root>
  );
}
