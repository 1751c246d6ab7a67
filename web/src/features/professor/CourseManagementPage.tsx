import { Alert, Box, Button, Container, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ProfessorCourse } from '../../api/routes/professor';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useRequireProfessor } from '../auth/useRequireProfessor';
import { ProfessorPageSkeleton } from '../auth/ProfessorPageSkeleton';
import { SignInCheckFailed } from '../auth/SignInCheckFailed';
import { useMyCourses } from './api';
import { CourseCard } from './CourseCard';
import { CourseForm } from './CourseForm';
import { DeleteCourseDialog } from './DeleteCourseDialog';
import { OnboardingCard } from './OnboardingCard';

/** /professor: the professor's courses, today's links and QR codes (seed §2). */
export function CourseManagementPage() {
  const { user, isChecking, checkFailed, retry } = useRequireProfessor();
  const courses = useMyCourses(Boolean(user));
  const [onboardingDismissed, setOnboardingDismissed] = useState(false);
  const [editing, setEditing] = useState<ProfessorCourse | null>(null);
  const [deleting, setDeleting] = useState<ProfessorCourse | null>(null);

  if (checkFailed) return <SignInCheckFailed title="Course Management" onRetry={retry} />;
  if (isChecking || !user) return <ProfessorPageSkeleton />;

  const list = courses.data ?? [];
  const showOnboarding = courses.isSuccess && list.length === 0 && !onboardingDismissed;

  const startEditing = (course: ProfessorCourse) => {
    setEditing(course);
    document.getElementById('course-form')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>Course Management · ClassPulse</title>
      <Stack gap="6">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4">
          <Box>
            <Heading as="h1" size="2xl">
              Course Management
            </Heading>
            {user.email && (
              <Text color="fg.muted" mt="1">
                Signed in as {user.email}
              </Text>
            )}
          </Box>
          <Stack direction="row" gap="2" wrap="wrap">
            <LinkButton asChild variant="solid">
              <RouterLink to="/professor/dashboard">View Dashboard</RouterLink>
            </LinkButton>
            <LinkButton asChild variant="outline">
              <RouterLink to="/api/logout">Sign Out</RouterLink>
            </LinkButton>
          </Stack>
        </Stack>

        {courses.isLoading && (
          <Stack gap="4" aria-busy="true" aria-label="Loading courses">
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
              <Alert.Title>Unable to load your courses</Alert.Title>
              <Alert.Description>Please check your connection and try again.</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => courses.refetch()}>
              Try again
            </Button>
          </Alert.Root>
        )}

        {showOnboarding && <OnboardingCard onGetStarted={() => setOnboardingDismissed(true)} />}

        {courses.isSuccess && !showOnboarding && (
          <>
            <CourseForm editing={editing} onDone={() => setEditing(null)} />
            <Box as="section" aria-labelledby="your-courses">
              <Heading as="h2" size="lg" id="your-courses" mb="4">
                Your Courses
              </Heading>
              {list.length === 0 ? (
                <Text color="fg.muted">No courses yet. Create your first course above.</Text>
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
      </Stack>
      <DeleteCourseDialog
        course={deleting}
        onClose={(deleted) => {
          if (deleted && deleting && editing?.id === deleting.id) setEditing(null);
          setDeleting(null);
        }}
      />
    </Container>
  );
}
