import { Box, Button, Card, Flex, Heading, Input, Slider, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../../../shared/translatedResolver';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { UserStory } from '../api/get-user-stories';
import { STORY_ROLES, storyCreateSchema } from '../../../lib/schemas';
import { FormField, SelectControl } from '../../../shared/forms/fields';
import { toaster } from '../../../shared/ui/toaster';
import { useCreateStory, useUpdateStory } from '../storyActions';
import { buildDescription, buildTitle, iceScore, parseDescription } from '../storyText';
import { SimilarStories } from './SimilarStories';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { msg } from '../../../i18n/msg';

const REQUIRED = 'Please fill in all required fields';
const required = z.string().trim().min(1, { error: REQUIRED });
const score = z.number().int().min(1).max(10);

/** What the form holds; the story's title and description are built from the three parts on submit. */
const storyFormSchema = z.object({
  role: z.union([z.enum(STORY_ROLES), z.literal('')]).refine((role) => role !== '', { error: REQUIRED }),
  want: required,
  benefit: required,
  submittedBy: z.string(),
  impact: score,
  confidence: score,
  ease: score,
});

type StoryFormValues = z.input<typeof storyFormSchema>;

function initialValues(story: UserStory | null): StoryFormValues {
  if (!story) return { role: '', want: '', benefit: '', submittedBy: '', impact: 5, confidence: 5, ease: 5 };
  const parts = parseDescription(story.description);
  return {
    role: parts.role as StoryFormValues['role'],
    want: parts.want,
    benefit: parts.benefit,
    submittedBy: story.submittedBy ?? '',
    impact: story.impact,
    confidence: story.confidence,
    ease: story.ease,
  };
}

function validationError(description = REQUIRED) {
  toaster.create({ type: 'error', title: i18n.t('Validation Error'), description });
}

const SLIDERS = [
  { name: 'impact', label: msg('Impact') },
  { name: 'confidence', label: msg('Confidence') },
  { name: 'ease', label: msg('Ease') },
] as const;

interface StoryFormProps {
  /** The story being edited, or null for a new one. */
  story: UserStory | null;
  onDone: () => void;
}

export function StoryForm({ story, onDone }: StoryFormProps) {
  const { t } = useTranslation();
  const editing = story !== null;
  const create = useCreateStory();
  const update = useUpdateStory();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { control, register, handleSubmit, reset, formState } = useForm<StoryFormValues>({
    resolver: translated(zodResolver(storyFormSchema)),
    defaultValues: initialValues(story),
  });
  const values = useWatch({ control });

  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const close = () => {
    reset(initialValues(null));
    onDone();
  };

  const onValid = (form: StoryFormValues) => {
    const parsed = storyCreateSchema.safeParse({
      title: buildTitle(form),
      description: buildDescription(form),
      submittedBy: form.submittedBy.trim() || null,
      impact: form.impact,
      confidence: form.confidence,
      ease: form.ease,
    });
    if (!parsed.success) {
      validationError(parsed.error.issues[0]?.message);
      return;
    }
    const options = { onSuccess: close };
    if (story) update.mutate({ id: story.id, changes: parsed.data }, options);
    else create.mutate(parsed.data, options);
  };

  const partsFilled = Boolean(values.role && values.want?.trim() && values.benefit?.trim());
  const total = iceScore({ impact: values.impact ?? 5, confidence: values.confidence ?? 5, ease: values.ease ?? 5 });
  const pending = create.isPending || update.isPending;
  const errors = formState.errors;

  return (
    <Card.Root as="section" aria-labelledby="story-form-title" variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg" id="story-form-title" ref={headingRef}>
          {editing ? t('Edit User Story') : t('Submit User Story')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={handleSubmit(onValid, () => validationError())}>
          <Stack gap="5">
            {/* Invalid fields are marked; what is missing is said once, in the toast. */}
            <FormField label={t('As a...')} invalid={Boolean(errors.role)} requiredIndicator={false}>
              <SelectControl
                {...register('role')}
                placeholder={t('Select a role')}
                options={STORY_ROLES.map((role) => ({ value: role, label: role }))}
              />
            </FormField>

            <FormField label={t('I want to...')} invalid={Boolean(errors.want)} requiredIndicator={false}>
              <Input {...register('want')} placeholder={t('e.g. see which topics confused my class')} autoComplete="off" />
            </FormField>
            <SimilarStories want={values.want ?? ''} excludeId={story?.id} />

            <FormField label={t('So that...')} invalid={Boolean(errors.benefit)} requiredIndicator={false}>
              <Input {...register('benefit')} placeholder={t('e.g. I can plan a review session')} autoComplete="off" />
            </FormField>

            <FormField label={t('Your Name (Optional)')} required={false}>
              <Input {...register('submittedBy')} placeholder={t('Leave blank to remain anonymous')} autoComplete="name" />
            </FormField>

            <Stack gap="4">
              {SLIDERS.map(({ name, label }) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <Slider.Root
                      min={1}
                      max={10}
                      step={1}
                      value={[field.value]}
                      onValueChange={(details) => field.onChange(details.value[0])}
                      onFocusChange={() => field.onBlur()}
                      name={field.name}
                    >
                      <Flex justify="space-between">
                        <Slider.Label>{t(label)}</Slider.Label>
                        <Slider.ValueText />
                      </Flex>
                      <Slider.Control>
                        <Slider.Track>
                          <Slider.Range />
                        </Slider.Track>
                        <Slider.Thumbs />
                      </Slider.Control>
                    </Slider.Root>
                  )}
                />
              ))}
            </Stack>

            {partsFilled && (
              <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.muted" data-testid="story-preview">
                <Text fontWeight="medium" fontSize="sm" color="fg.muted">
                  {t('Preview')}
                </Text>
                <Text>{buildDescription({ role: values.role ?? '', want: values.want ?? '', benefit: values.benefit ?? '' })}</Text>
              </Box>
            )}

            <Text fontWeight="semibold" aria-live="polite" data-testid="ice-preview">
              {t('ICE Score: {{score}}', { score: total })}
            </Text>

            <Flex gap="3" justify="flex-end" wrap="wrap">
              <Button type="button" variant="outline" onClick={close} disabled={pending}>
                {t('Cancel')}
              </Button>
              <Button type="submit" loading={pending}>
                {editing ? t('Update Story') : t('Submit Story')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
