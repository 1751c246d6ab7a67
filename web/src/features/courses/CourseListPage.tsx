import { Alert, Box, Button, Container, HStack, Heading, Link, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { type Course, queryKeys } from '../../api';

export function CourseListPage() {
  return (
    <Container maxW="3xl" py="8">
      <title>Courses · ClassPulse</title>
      <Heading as="h1" size="2xl" mb="6">
        Courses
      </Heading>
      <CourseList />
    </Container>
  );
}

function CourseList() {
  const courses = useQuery<Course[]>({ queryKey: queryKeys.courses });

  if (courses.isPending) {
    return (
      <HStack role="status" gap="3">
        <Spinner size="sm" />
        <Text>Loading courses...</Text>
      </HStack>
    );
  }
  if (courses.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Unable to load courses</Alert.Title>
          <Alert.Description>Please check your connection and try again.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => courses.refetch()} loading={courses.isFetching}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (courses.data.length === 0) return <Text>No courses available</Text>;

  return (
    <Box as="ul" listStyleType="none" borderWidth="1px" borderRadius="md" divideY="1px">
      {courses.data.map((course) => (
        <Box as="li" key={course.id} px="4" py="3">
          <Link asChild fontWeight="medium">
            <RouterLink to={`/courses/${course.id}`}>
              {course.code} - {course.name}
            </RouterLink>
          </Link>
        </Box>
      ))}
    </Box>
  );
}
