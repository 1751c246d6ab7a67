import { Badge, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../shared/ui/LinkButton';
import type { Course } from '../../shared/api/get-course';

/** The results' list; a light page's template too, for a stand-in course (web/src/prerender.tsx). */
export function SearchResults({ courses }: { courses: Course[] }) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" listStyleType="none" gap="4" aria-label={t('Search results')}>
      {courses.map((course) => (
        <CourseResult key={course.id} course={course} />
      ))}
    </Stack>
  );
}

function CourseResult({ course }: { course: Course }) {
  const { t } = useTranslation();
  return (
    <Card.Root as="li" variant="outline">
      <Card.Body gap="3">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="4" align={{ sm: 'center' }}>
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {course.code}
            </Heading>
            <Text>{course.name}</Text>
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
