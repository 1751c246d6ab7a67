import type { FoundCourse } from '../../../shared/api/search-courses';
import { instructorList } from '../../../shared/instructorList';
import { useT } from '../../runtime/useT';
import { AppLink } from '../../ui/AppLink';
import { Card } from '../../ui/Card';
import { Badge, HStack, Heading, LinkButton, Stack, Text } from '../../ui/primitives';

/** What a search found: one card per course, each leading to its page. */
export function SearchResults({ courses }: { courses: FoundCourse[] }) {
  const { t } = useT();
  return (
    <Stack as="ul" listStyleType="none" gap="4" aria-label={t('Search results')}>
      {courses.map((course) => (
        <CourseResult key={course.id} course={course} />
      ))}
    </Stack>
  );
}

function CourseResult({ course }: { course: FoundCourse }) {
  const { t, language } = useT();
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
              {course.section ? `${t('Section {{section}}', { section: course.section })} · ${course.term}` : course.term}
            </Text>
            {course.instructors.length > 0 && (
              <Text color="fg.muted" textStyle="sm">
                {t('Taught by {{names}}', { names: instructorList(course.instructors, language) })}
              </Text>
            )}
            <HStack gap="2" flexWrap="wrap" pt="1">
              <Badge colorPalette="green">{t('Active Course')}</Badge>
              <Badge colorPalette="blue">{t('Anonymous Feedback')}</Badge>
            </HStack>
          </Stack>
          <LinkButton
            as={AppLink}
            href={`/courses/${course.id}`}
            aria-label={t('View Course {{code}}', { code: course.code })}
            colorPalette="blue"
            flexShrink={0}
          >
            {t('View Course')}
          </LinkButton>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
