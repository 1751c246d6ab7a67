import { Box, Flex, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../../lib/errors';
import { useCourse } from '../../shared/api/get-course';
import { useLiveSession } from './api/get-live-session';
import { averageTexts } from './averageTexts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="fg.muted" lineClamp={1}>
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" lineHeight="short" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * /professor/live/{courseId}/popout: the live figures in a window of ~360 × 300 (Pop Out): responses,
 * average clarity and confidence, and the alarm. It polls on its own, also while hidden (a popup
 * the slides cover), so it is current when it shows; the live view it came from need not be.
 */
export function PopOutPage() {
  const { t } = useTranslation();
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const live = useLiveSession(courseId, { inBackground: true });
  const code = course.data?.code ?? '';

  let content;
  if (live.isError && !live.data) {
    content = (
      <Text color="fg.muted" fontSize="sm">
        {isNotFound(live.error) ? t('This course does not exist or is not one of yours.') : t('Unable to load the live view. Retrying…')}
      </Text>
    );
  } else if (!live.data) {
    content = <Spinner aria-label={t('Loading the live view')} />;
  } else if (!live.data.session) {
    content = <Text color="fg.muted">{t('No class session today')}</Text>;
  } else {
    const data = live.data;
    const averages = averageTexts(t, data);
    content = (
      <Stack gap="2">
        <SimpleGrid columns={3} gap="2" role="group" aria-label={t('Live figures')}>
          <Figure label={t('Responses')} value={String(data.responses)} testId="popout-responses" />
          <Figure label={t('Average clarity')} value={averages.clarity} testId="popout-clarity" />
          <Figure label={t('Average confidence')} value={averages.confidence} testId="popout-confidence" />
        </SimpleGrid>
        {data.alarm.active ? (
          <Box role="alert" bg="red.solid" color="red.contrast" rounded="md" px="3" py="2" data-testid="popout-alarm">
            <Text fontWeight="bold">{t('Many students are lost right now')}</Text>
            <Text fontSize="xs">
              {t('{{lost}} of the {{recent}} recent responses', { lost: data.alarm.lost, recent: data.alarm.recent })}
            </Text>
          </Box>
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="popout-calm">
            {t('No alarm')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Flex as="main" direction="column" minH="100dvh" p="3" gap="2" bg="bg" color="fg">
      <title>{code ? `${code} · ${t('Live')} · ClassPulse` : `${t('Live View')} · ClassPulse`}</title>
      <HStack gap="2">
        <Box as="span" w="2.5" h="2.5" rounded="full" bg="red.solid" aria-hidden="true" />
        <Text as="h1" fontWeight="bold" fontSize="sm" lineClamp={1}>
          {code ? `${code} · ${t('Live')}` : t('Live')}
        </Text>
      </HStack>
      {content}
    </Flex>
  );
}
