import { Container, HStack, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type ClassToken, EXPIRED_LINK_MESSAGE } from '../../api/routes/student';
import { classSessionPath } from './paths';

/** Seed §2 "Class link resolver": /class/{token} → /class-session, or / with the expired-link banner. */
export function ClassLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  // gcTime 0: a link opened again later is checked again (it may have expired meanwhile).
  const resolved = useQuery<ClassToken>({ queryKey: ['/api/class-token', token], gcTime: 0 });

  useEffect(() => {
    if (resolved.isSuccess) {
      navigate(classSessionPath(resolved.data.courseId, resolved.data.sessionId), { replace: true });
    } else if (resolved.isError) {
      navigate(`/?error=${encodeURIComponent(EXPIRED_LINK_MESSAGE)}`, { replace: true });
    }
  }, [resolved.isSuccess, resolved.isError, resolved.data, navigate]);

  return (
    <Container maxW="2xl" py="16">
      <title>Opening class link · ClassPulse</title>
      <HStack role="status" gap="3" justify="center">
        <Spinner size="sm" />
        <Text>Validating session link...</Text>
      </HStack>
    </Container>
  );
}
