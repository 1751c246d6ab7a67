import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { canEditCourse, useMyCourses } from '../../shared/api/get-my-courses';
import { withoutStatus } from '../../shared/errorMessage';
import { FormField, SelectControl } from '../../shared/forms/fields';
import { translated } from '../../shared/translatedResolver';
import { LinkButton } from '../../shared/ui/LinkButton';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { LoadingLine } from '../../shared/ui/LoadingLine';
import { TitledAlert } from '../../shared/ui/TitledAlert';
import { TitledCard } from '../../shared/ui/TitledCard';
import { toaster } from '../../shared/ui/toaster';
import { courseWithSection, termFor } from '../../shared/terms';
import { DEFAULT_PRIVACY } from './api/course-input';
import { useCreateCourse } from './api/create-course';
import { type LinkRequest, linkRequestQueryOptions } from './api/get-lms-link-request';
import { type LinkInput, NEW_COURSE, linkInputSchema } from './api/lms-link-input';
import { useLinkLmsCourse } from './api/link-lms-course';

/** "COSC 1337 · Programming Fundamentals II", or whichever of the two the platform gave. */
const lmsCourseName = (request: LinkRequest) => [request.label, request.title].filter(Boolean).join(' · ');

/**
 * /professor/lti/link?request=…: an instructor's first launch from an LMS course that is not
 * linked yet lands here, signed in. They link it to one of their courses (owner or
 * co-instructor), or to a new one named after the LMS course, and go on to its live view.
 */
export function LinkLmsCoursePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('request') ?? '';
  const request = useQuery({ ...linkRequestQueryOptions(token), enabled: token !== '' });

  if (!token || request.data === null) {
    return (
      <TitledAlert status="warning" title={t('This link request has expired')}>
        <Stack gap="3" align="flex-start">
          <Text>{t('It was already used, or more than an hour has passed. Open ClassPulse from your learning platform again.')}</Text>
          <LinkButton asChild variant="outline" size="sm">
            <RouterLink to="/professor">{t('Manage Courses')}</RouterLink>
          </LinkButton>
        </Stack>
      </TitledAlert>
    );
  }
  if (request.isError)
    return <LoadFailure what={t('the link request')} onRetry={() => void request.refetch()} retrying={request.isFetching} />;
  if (!request.data) return <LoadingLine text={t('Loading the link request')} />;
  return <LinkForm token={token} request={request.data} />;
}

function LinkForm({ token, request }: { token: string; request: LinkRequest }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courses = useMyCourses();
  const create = useCreateCourse();
  const link = useLinkLmsCourse();
  const [serverError, setServerError] = useState<string | null>(null);
  // Courses whose term has ended take no feedback, so an LMS course is linked to a current one.
  const editable = useMemo(() => (courses.data ?? []).filter((course) => canEditCourse(course.role) && !course.endedAt), [courses.data]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<LinkInput>({
    resolver: translated(zodResolver(linkInputSchema)),
    defaultValues: {
      choice: '',
      name: (request.title || request.label).slice(0, 200),
      code: (request.label || request.title).slice(0, 32),
      section: '',
      term: termFor(new Date()),
    },
  });
  // Once the courses are known: their first course, or a new one when they have none.
  useEffect(() => {
    if (courses.data) setValue('choice', editable[0]?.id ?? NEW_COURSE);
  }, [courses.data, editable, setValue]);
  const choice = watch('choice');
  const busy = create.isPending || link.isPending;

  const submit = handleSubmit(async (input) => {
    setServerError(null);
    try {
      const courseId =
        input.choice === NEW_COURSE
          ? (await create.mutateAsync({ ...DEFAULT_PRIVACY, name: input.name, code: input.code, section: input.section, term: input.term }))
              .id
          : input.choice;
      // A new course stays selected if the link is then refused, so a second try does not make another.
      if (input.choice === NEW_COURSE) setValue('choice', courseId);
      await link.mutateAsync({ token, courseId });
      toaster.create({
        type: 'success',
        title: t('Course linked'),
        description: t('Students who open ClassPulse from {{platform}} now reach this course.', { platform: request.platform }),
      });
      navigate(`/professor/live/${courseId}`, { replace: true });
    } catch (failure) {
      setServerError(withoutStatus(failure) || t('Could not link the course. Please try again.'));
    }
  });

  if (courses.isError) return <LoadFailure what={t('your courses')} onRetry={() => void courses.refetch()} retrying={courses.isFetching} />;
  if (!courses.data) return <LoadingLine text={t('Loading courses')} />;

  const options = [
    ...editable.map((course) => ({
      value: course.id,
      label: `${courseWithSection(course.code, course.section, t('Section'))} — ${course.name} (${course.term})`,
    })),
    { value: NEW_COURSE, label: t('Create a new course') },
  ];
  return (
    <TitledCard
      title={lmsCourseName(request) || t('Your LMS course')}
      description={t(
        'From {{platform}}. Students who open ClassPulse in this course will land on today’s feedback form of the ClassPulse course you choose.',
        {
          platform: request.platform || t('your learning platform'),
        },
      )}
    >
      <form onSubmit={submit} noValidate aria-busy={busy} aria-label={t('Link Course')}>
        <Stack gap="4">
          <FormField label={t('ClassPulse course')} error={errors.choice}>
            <SelectControl options={options} {...register('choice')} />
          </FormField>
          {choice === NEW_COURSE && (
            <>
              <FormField label={t('Course Name')} error={errors.name}>
                <Input {...register('name')} autoComplete="off" maxLength={200} />
              </FormField>
              <FormField label={t('Course Code')} error={errors.code}>
                <Input {...register('code')} autoComplete="off" maxLength={32} />
              </FormField>
              <FormField label={t('Section')} required={false} error={errors.section}>
                <Input {...register('section')} placeholder={t('e.g. 002')} autoComplete="off" maxLength={16} />
              </FormField>
              <FormField label={t('Term')} error={errors.term}>
                <Input {...register('term')} placeholder={t('e.g. Fall 2026')} autoComplete="off" maxLength={40} />
              </FormField>
            </>
          )}
          {serverError && (
            <TitledAlert status="error" title={t('The course was not linked')} role="alert">
              {serverError}
            </TitledAlert>
          )}
          <Button type="submit" alignSelf="flex-start" loading={busy}>
            {t('Link Course')}
          </Button>
        </Stack>
      </form>
    </TitledCard>
  );
}
