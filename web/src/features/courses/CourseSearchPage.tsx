import { Badge, Box, Button, Card, Container, Field, HStack, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { notify } from '../../shared/notify';
import type { Course } from '../../shared/api/get-course';
import { searchCoursesQueryOptions } from './api/search-courses';

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; code: string; courses: Course[] };

/** The seed's "Course search": one exact (trimmed) code, results or the "Course Not Found" card. */
export function CourseSearchPage() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const searching = state.status === 'searching';
  const trimmed = code.trim();

  async function search(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || searching) return;
    setState({ status: 'searching' });
    try {
      const courses = await queryClient.fetchQuery(searchCoursesQueryOptions(trimmed));
      setState({ status: 'done', code: trimmed, courses });
      if (courses.length === 0) {
        notify({
          type: 'error',
          title: 'Course not found',
          description: `No course found with code "${trimmed}". Please check the course code and try again.`,
        });
      }
    } catch {
      setState({ status: 'idle' });
      notify({ type: 'error', title: 'Error', description: 'Failed to find course. Please try again.' });
    }
  }

  return (
    <Container maxW="2xl" py={{ base: '8', md: '12' }}>
      <title>Find Your Course · ClassPulse</title>
      <Stack gap="8">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="3xl">
            Find Your Course
          </Heading>
          <Text color="fg.muted">Enter your course code to view the course and share anonymous feedback.</Text>
        </Stack>

        <Card.Root variant="outline">
          <Card.Body>
            <Stack as="form" gap="4" onSubmit={search} role="search" aria-label="Course search">
              <Field.Root>
                <Field.Label>Course code</Field.Label>
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w="full">
                  <Input
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    placeholder="e.g. COSC 1337"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                  />
                  <Button type="submit" colorPalette="blue" disabled={!trimmed || searching} flexShrink={0}>
                    {searching ? 'Searching...' : 'Search'}
                  </Button>
                </Stack>
                <Field.HelperText>
                  Examples: <Text as="span" fontWeight="medium">COSC 1337</Text>,{' '}
                  <Text as="span" fontWeight="medium">MATH 2413</Text>
                </Field.HelperText>
              </Field.Root>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Box aria-live="polite">
          {state.status === 'done' &&
            (state.courses.length > 0 ? (
              <Stack as="ul" listStyleType="none" gap="4" aria-label="Search results">
                {state.courses.map((course) => (
                  <CourseResult key={course.id} course={course} />
                ))}
              </Stack>
            ) : (
              <CourseNotFound />
            ))}
        </Box>

        <Box textAlign="center">
          <Link asChild color="fg.muted">
            <RouterLink to="/">Back to Home</RouterLink>
          </Link>
        </Box>
      </Stack>
    </Container>
  );
}

function CourseResult({ course }: { course: Course }) {
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
              <Badge colorPalette="green">Active Course</Badge>
              <Badge colorPalette="blue">Anonymous Feedback</Badge>
            </HStack>
          </Stack>
          <LinkButton asChild colorPalette="blue" flexShrink={0}>
            <RouterLink to={`/courses/${course.id}`} aria-label={`View Course ${course.code}`}>
              View Course
            </RouterLink>
          </LinkButton>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function CourseNotFound() {
  return (
    <Card.Root variant="outline" borderColor="border.error">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          Course Not Found
        </Heading>
        <Text color="fg.muted">We couldn't find a course with that code. Please check:</Text>
        <Stack as="ul" ps="5" gap="1" listStyleType="disc">
          <li>The spelling of the course code</li>
          <li>The exact format, e.g. COSC 1337 (letters, a space, then numbers)</li>
          <li>That the course is active this semester</li>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
