import { Button, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/errors';
import { withoutStatus } from '../../shared/errorMessage';
import { FormField } from '../../shared/forms/fields';
import { translated } from '../../shared/translatedResolver';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { LoadingLine } from '../../shared/ui/LoadingLine';
import { TitledCard } from '../../shared/ui/TitledCard';
import { toaster } from '../../shared/ui/toaster';
import { useAddStaffEmailDomain } from './api/add-staff-email-domain';
import { useStaffEmailDomains } from './api/get-staff-email-domains';
import { useRemoveStaffEmailDomain } from './api/remove-staff-email-domain';
import { type StaffDomainFormValues, type StaffDomainInput, staffDomainFormSchema } from './api/staff-domain-input';

/**
 * /admin, for app owners: "Who may sign in as a professor", the e-mail domains whose addresses get
 * an account on their first sign-in (Supabase Auth's Before User Created hook refuses the others;
 * docs/decisions/staff-domains.md). None listed: anyone may.
 */
export function StaffDomainsSection() {
  const { t } = useTranslation();
  const domains = useStaffEmailDomains();
  return (
    <Stack as="section" aria-labelledby="staff-domains-heading" gap="6">
      <Heading as="h2" size="xl" id="staff-domains-heading">
        {t('Who may sign in as a professor')}
      </Heading>
      <Text color="fg.muted">
        {t(
          "Only addresses of these e-mail domains (their subdomains included) get a professor account when they first sign in. People invited to a course's team, and instructors a registered learning platform is trusted for, still do. Students never need an account.",
        )}
      </Text>
      <TitledCard title={t('Staff e-mail domains')}>
        {domains.isPending ? (
          <LoadingLine text={t('Loading the staff e-mail domains')} />
        ) : domains.isError ? (
          <LoadFailure what={t('the staff e-mail domains')} onRetry={() => void domains.refetch()} retrying={domains.isFetching} />
        ) : domains.data.length === 0 ? (
          <Text>{t('No domain is listed: anyone may sign in as a professor.')}</Text>
        ) : (
          <DomainList domains={domains.data.map((row) => row.domain)} />
        )}
        <AddDomainForm />
      </TitledCard>
    </Stack>
  );
}

function DomainList({ domains }: { domains: string[] }) {
  const { t } = useTranslation();
  const remove = useRemoveStaffEmailDomain();
  const [removing, setRemoving] = useState<string | null>(null);

  const removeDomain = async (domain: string) => {
    setRemoving(domain);
    try {
      await remove.mutateAsync(domain);
      toaster.create({ type: 'success', title: t('Success'), description: t('{{domain}} removed', { domain }) });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: t('Error'),
        description:
          (error instanceof ApiError && error.status > 0 && withoutStatus(error)) || t('The domain was not removed. Please try again.'),
      });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <List.Root variant="plain" gap="2" aria-label={t('Staff e-mail domains')}>
      {domains.map((domain) => (
        <List.Item key={domain} display="flex" alignItems="center" justifyContent="space-between" gap="3">
          <Text fontWeight="medium" wordBreak="break-all">
            {domain}
          </Text>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => void removeDomain(domain)}
            loading={removing === domain}
            disabled={removing !== null && removing !== domain}
            aria-label={t('Remove {{name}}', { name: domain })}
          >
            {t('Remove')}
          </Button>
        </List.Item>
      ))}
    </List.Root>
  );
}

function AddDomainForm() {
  const { t } = useTranslation();
  const add = useAddStaffEmailDomain();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StaffDomainFormValues, unknown, StaffDomainInput>({
    resolver: translated(zodResolver(staffDomainFormSchema)),
    defaultValues: { domain: '' },
  });

  const onSubmit = handleSubmit(async ({ domain }) => {
    setServerError(null);
    try {
      const added = await add.mutateAsync({ domain });
      toaster.create({ type: 'success', title: t('Success'), description: t('{{domain}} added', { domain: added }) });
      reset({ domain: '' });
    } catch (error) {
      const answered = error instanceof ApiError && error.status > 0;
      const message = answered ? withoutStatus(error) : '';
      // The function's refusals (not a domain, the list full) belong under the field.
      setServerError(answered && error.status === 400 ? message : null);
      toaster.create({ type: 'error', title: t('Error'), description: message || t('The domain was not added. Please try again.') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Add a staff e-mail domain')}>
      <Stack gap="3" align="flex-start" mt="2">
        <FormField
          label={t('E-mail domain')}
          error={errors.domain ?? serverError}
          helperText={t('example.edu also covers staff.example.edu.')}
        >
          <Input autoComplete="off" placeholder={t('e.g. example.edu')} {...register('domain')} />
        </FormField>
        <Button type="submit" colorPalette="blue" loading={add.isPending} loadingText={t('Adding...')}>
          {t('Add Domain')}
        </Button>
      </Stack>
    </form>
  );
}
