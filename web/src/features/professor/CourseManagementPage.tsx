import { Alert, Box, Button, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useEditing } from '../../shared/useEditing';
import { type ProfessorCourse, useMyCourses } from '../../shared/api/get-my-courses';
import { CourseCard } from './CourseCard';
import { CourseForm } from './CourseForm';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DeleteCourseDialog } from './DeleteCourseDialog';
import { InstructorNameSection } from './InstructorNameSection';
import { OnboardingCard } from './OnboardingCard';
import { useTranslation } from 'react-i18next';

/**
 * /professor: the professor's courses (current ones first, then those whose term has ended), today's
 * links and QR codes, and their name as students see it (inside the professor layout).
 */
export function CourseManagementPage() {
  const { t } = useTranslation();
  const courses = useMyCourses();
  const [onboardingDismissed, setOnboardingDismissed] = useState(false);
  const { editing, start, finish: finishEditing } = useEditing<ProfessorCourse>();
  const [deleting, setDeleting] = useState<ProfessorCourse | null>(null);

  const list = courses.data ?? [];
  const showOnboarding = courses.isSuccess && list.length === 0 && !onboardingDismissed;

  const startEditing = (course: ProfessorCourse) => {
    start(course);
    document.getElementById('course-form')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      {courses.isLoading && (
        <Stack gap="4" role="status" aria-busy="true" aria-label={t('Loading courses')}>
          <Skeleton height="32" />
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <Skeleton height="48" />
            <Skeleton height="48" />
            <Skeleton height="48" />
          </SimpleGrid>
        </Stack>
      )}

      {courses.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('Unable to load your courses')}</Alert.Title>
            <Alert.Description>{t('Please check your connection and try again.')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => courses.refetch()}>
            {t('Try again')}
          </Button>
        </Alert.Root>
      )}

      {showOnboarding && <OnboardingCard onGetStarted={() => setOnboardingDismissed(true)} />}

      {courses.isSuccess && !showOnboarding && (
        <>
          <CourseForm editing={editing} onDone={finishEditing} focusOnMount={onboardingDismissed} />
          <Box as="section" aria-labelledby="your-courses">
            <Heading as="h2" size="lg" id="your-courses" mb="4">
              {t('Your Courses')}
            </Heading>
            {list.length === 0 ? (
              <Text color="fg.muted">{t('No courses yet. Create your first course above.')}</Text>
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
                {list.map((course) => (
                  <CourseCard key={course.id} course={course} onEdit={startEditing} onDelete={setDeleting} />
                ))}
              </SimpleGrid>
            )}
          </Box>
        </>
      )}
      {courses.isSuccess && <InstructorNameSection />}
      {courses.isSuccess && <DeleteAccountSection />}
      <DeleteCourseDialog
        course={deleting}
        onClose={(deleted) => {
          if (deleted && deleting && editing?.id === deleting.id) finishEditing();
          setDeleting(null);
        }}
      />
    </>
  );
}
