import { Box, Button, Code, Dialog, Heading, Input, Portal, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useEditing } from '../../shared/useEditing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiConfig } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import { withoutStatus } from '../../shared/errorMessage';
import { FormField } from '../../shared/forms/fields';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { LoadingLine } from '../../shared/ui/LoadingLine';
import { TitledCard } from '../../shared/ui/TitledCard';
import { toaster } from '../../shared/ui/toaster';
import { translated } from '../../shared/translatedResolver';
import { type LtiPlatform, useLtiPlatforms } from './api/get-lti-platforms';
import { type LtiPlatformFormValues, type LtiPlatformInput, ltiPlatformInputSchema } from './api/lti-platform-input';
import { useRemoveLtiPlatform } from './api/remove-lti-platform';
import { useSaveLtiPlatform } from './api/save-lti-platform';

const EMPTY: LtiPlatformFormValues = {
  name: '',
  issuer: '',
  clientId: '',
  deploymentIds: '',
  authLoginUrl: '',
  jwksUrl: '',
  tokenUrl: '',
  emailDomains: '',
};

function valuesOf(platform: LtiPlatform): LtiPlatformFormValues {
  return {
    name: platform.name,
    issuer: platform.issuer,
    clientId: platform.clientId,
    deploymentIds: platform.deploymentIds.join('\n'),
    authLoginUrl: platform.authLoginUrl,
    jwksUrl: platform.jwksUrl,
    tokenUrl: platform.tokenUrl ?? '',
    emailDomains: platform.emailDomains.join('\n'),
  };
}

/**
 * /admin, for app owners: the learning platforms (LTI 1.3) ClassPulse accepts launches from, the
 * tool's addresses to give them, and the form that registers or changes one (docs/lti.md).
 */
export function LtiPlatformsSection() {
  const { t } = useTranslation();
  const platforms = useLtiPlatforms();
  const { editing, start: startEditing, finish: finishEditing } = useEditing<LtiPlatform>();
  const [removing, setRemoving] = useState<LtiPlatform | null>(null);

  return (
    <Stack as="section" aria-labelledby="lti-platforms-heading" gap="6">
      <Heading as="h2" size="xl" id="lti-platforms-heading">
        {t('Learning platforms (LTI 1.3)')}
      </Heading>
      <ToolAddresses />
      <TitledCard title={t('Registered platforms')}>
        {platforms.isPending ? (
          <LoadingLine text={t('Loading the learning platforms')} />
        ) : platforms.isError ? (
          <LoadFailure what={t('the learning platforms')} onRetry={() => void platforms.refetch()} retrying={platforms.isFetching} />
        ) : platforms.data.length === 0 ? (
          <Text color="fg.muted">{t('No platform is registered yet.')}</Text>
        ) : (
          <PlatformTable platforms={platforms.data} onEdit={startEditing} onRemove={setRemoving} />
        )}
      </TitledCard>
      <PlatformForm editing={editing} onDone={finishEditing} />
      <RemoveDialog platform={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

/** What the LMS asks for: the tool's login, launch and JWKS addresses. */
function ToolAddresses() {
  const { t } = useTranslation();
  const base = `${apiConfig.supabaseUrl}/functions/v1/lti`;
  const rows = [
    { label: t('Login URL (OpenID Connect login initiation)'), url: `${base}/login` },
    { label: t('Launch URL (redirect URI, target link URI, deep linking)'), url: `${base}/launch` },
    { label: t('Public keyset (JWKS) URL of ClassPulse'), url: `${base}/jwks` },
  ];
  return (
    <TitledCard title={t('The addresses to give your learning platform')} bodyGap="3">
      <Box as="dl">
        {rows.map((row) => (
          <Box key={row.url} mb="3">
            <Text as="dt" fontWeight="medium">
              {row.label}
            </Text>
            <Box as="dd" ms="0">
              <Code wordBreak="break-all">{row.url}</Code>
            </Box>
          </Box>
        ))}
      </Box>
    </TitledCard>
  );
}

interface PlatformTableProps {
  platforms: LtiPlatform[];
  onEdit: (platform: LtiPlatform) => void;
  onRemove: (platform: LtiPlatform) => void;
}

function PlatformTable({ platforms, onEdit, onRemove }: PlatformTableProps) {
  const { t } = useTranslation();
  return (
    <Box overflowX="auto">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" mb="2">
          {t('The platforms ClassPulse accepts launches from')}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('Name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('Issuer')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('Client ID')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('Deployments')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('E-mail domains')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('Linked courses')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('Actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {platforms.map((platform) => (
            <Table.Row key={platform.id}>
              <Table.Cell fontWeight="medium">{platform.name}</Table.Cell>
              <Table.Cell wordBreak="break-all">{platform.issuer}</Table.Cell>
              <Table.Cell wordBreak="break-all">{platform.clientId}</Table.Cell>
              <Table.Cell wordBreak="break-all">{platform.deploymentIds.join(', ')}</Table.Cell>
              <Table.Cell>{platform.emailDomains.length > 0 ? platform.emailDomains.join(', ') : t('None')}</Table.Cell>
              <Table.Cell>{platform.linkedCourses}</Table.Cell>
              <Table.Cell>
                <Stack direction="row" gap="2">
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => onEdit(platform)}
                    aria-label={t('Edit {{name}}', { name: platform.name })}
                  >
                    {t('Edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => onRemove(platform)}
                    aria-label={t('Remove {{name}}', { name: platform.name })}
                  >
                    {t('Remove')}
                  </Button>
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

interface PlatformFormProps {
  /** The platform being changed; null when registering one. */
  editing: LtiPlatform | null;
  onDone: () => void;
}

function PlatformForm({ editing, onDone }: PlatformFormProps) {
  const { t } = useTranslation();
  const save = useSaveLtiPlatform();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LtiPlatformFormValues, unknown, LtiPlatformInput>({
    resolver: translated(zodResolver(ltiPlatformInputSchema)),
    defaultValues: EMPTY,
  });

  const nameField = register('name');
  const nameInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    reset(editing ? valuesOf(editing) : EMPTY);
    setServerError(null);
    if (editing) nameInput.current?.focus();
  }, [editing, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input: formValuesOf(values) });
      toaster.create({ type: 'success', title: t('Success'), description: editing ? t('Platform saved') : t('Platform registered') });
      reset(EMPTY);
      onDone();
    } catch (error) {
      const answered = error instanceof ApiError && error.status > 0;
      const message = answered ? withoutStatus(error) : '';
      // A duplicate issuer and client id belongs next to the client id; other refusals in the toast.
      setServerError(answered && error.status === 409 ? message : null);
      toaster.create({ type: 'error', title: t('Error'), description: message || t('The platform was not saved. Please try again.') });
    }
  });

  const cancel = () => {
    reset(EMPTY);
    setServerError(null);
    onDone();
  };

  const title = editing ? t('Edit a platform') : t('Register a platform');
  return (
    <TitledCard id="lti-platform-form" title={title}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="4">
          <FormField label={t('Name')} error={errors.name}>
            <Input
              autoComplete="off"
              placeholder={t('e.g. Canvas at State U')}
              {...nameField}
              ref={(element) => {
                nameField.ref(element);
                nameInput.current = element;
              }}
            />
          </FormField>
          <FormField
            label={t('Issuer')}
            error={errors.issuer}
            helperText={t('Canvas cloud: https://canvas.instructure.com; Moodle: its Platform ID')}
          >
            <Input type="url" autoComplete="off" {...register('issuer')} />
          </FormField>
          <FormField label={t('Client ID')} error={errors.clientId ?? serverError}>
            <Input autoComplete="off" {...register('clientId')} />
          </FormField>
          <FormField label={t('Deployment IDs (one per line)')} error={errors.deploymentIds}>
            <Textarea rows={2} autoComplete="off" {...register('deploymentIds')} />
          </FormField>
          <FormField label={t('Authentication request URL')} error={errors.authLoginUrl}>
            <Input type="url" autoComplete="off" {...register('authLoginUrl')} />
          </FormField>
          <FormField label={t('Public keyset (JWKS) URL')} error={errors.jwksUrl}>
            <Input type="url" autoComplete="off" {...register('jwksUrl')} />
          </FormField>
          <FormField label={t('Access token URL')} error={errors.tokenUrl} required={false}>
            <Input type="url" autoComplete="off" {...register('tokenUrl')} />
          </FormField>
          <FormField
            label={t('E-mail domains whose instructors may sign in (one per line)')}
            error={errors.emailDomains}
            required={false}
            helperText={t(
              'state.edu also covers cs.state.edu. Leave it empty to sign in only accounts that already teach a linked course.',
            )}
          >
            <Textarea rows={2} autoComplete="off" {...register('emailDomains')} />
          </FormField>
          <Stack direction="row" gap="3">
            <Button type="submit" colorPalette="blue" loading={save.isPending} loadingText={t('Saving...')}>
              {editing ? t('Save Platform') : t('Register Platform')}
            </Button>
            {editing && (
              <Button variant="outline" onClick={cancel} disabled={save.isPending}>
                {t('Cancel')}
              </Button>
            )}
          </Stack>
        </Stack>
      </form>
    </TitledCard>
  );
}

/** The checked payload back as the form's values: the save call checks them again. */
function formValuesOf(platform: LtiPlatformInput): LtiPlatformFormValues {
  return { ...platform, tokenUrl: platform.tokenUrl ?? '' };
}

interface RemoveDialogProps {
  platform: LtiPlatform | null;
  onClose: () => void;
}

/** Removing a platform also removes its LMS course links: the dialog asks first. */
function RemoveDialog({ platform, onClose }: RemoveDialogProps) {
  const { t } = useTranslation();
  const remove = useRemoveLtiPlatform();
  const [shown, setShown] = useState<LtiPlatform | null>(platform);
  if (platform && platform !== shown) setShown(platform);

  const confirm = async () => {
    if (!shown) return;
    try {
      await remove.mutateAsync(shown.id);
      toaster.create({ type: 'success', title: t('Success'), description: t('Platform removed') });
      onClose();
    } catch (error) {
      toaster.create({
        type: 'error',
        title: t('Error'),
        description:
          (error instanceof ApiError && error.status > 0 && withoutStatus(error)) || t('The platform was not removed. Please try again.'),
      });
    }
  };

  return (
    <Dialog.Root
      role="alertdialog"
      open={platform !== null}
      onOpenChange={(details) => !details.open && !remove.isPending && onClose()}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('Remove {{name}}?', { name: shown?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {t(
                  'Launches from this platform will be refused, and the LMS courses linked through it will be unlinked (linked courses: {{count}}). The ClassPulse courses and their feedback stay.',
                  { count: shown?.linkedCourses ?? 0 },
                )}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={remove.isPending}>
                  {t('Cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={() => void confirm()} loading={remove.isPending} loadingText={t('Removing...')}>
                {t('Remove Platform')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
