import { type FormEvent, useEffect, useRef, useState } from 'react';
import { msg } from '../../../i18n/msg';
import { useT } from '../../runtime/useT';
import { Card } from '../../ui/Card';
import { FormField, Input, Select } from '../../ui/Field';
import { Box, Button, Flex, Heading, Stack, Text } from '../../ui/primitives';
import { notify } from '../../ui/toaster';
import type { UserStory } from './api/get-user-stories';
import { ScoreSlider } from './ScoreSlider';
import { SimilarStories } from './SimilarStories';
import { submitStory, updateStory } from './storyActions';
import { storyTooLong } from './storyLimits';
import { STORY_ROLES, buildDescription, buildTitle, iceScore, parseDescription } from './storyText';

const REQUIRED = msg('Please fill in all required fields');

/** What the form holds; the story's title and description are built from the three parts on submit. */
interface StoryFormValues {
  role: string;
  want: string;
  benefit: string;
  submittedBy: string;
  impact: number;
  confidence: number;
  ease: number;
}

type Score = 'impact' | 'confidence' | 'ease';

const SLIDERS: { name: Score; label: string }[] = [
  { name: 'impact', label: msg('Impact') },
  { name: 'confidence', label: msg('Confidence') },
  { name: 'ease', label: msg('Ease') },
];

/** A new story starts blank at 5/5/5; an edited one from its parsed description (blank parts when it does not parse). */
function initialValues(story: UserStory | null): StoryFormValues {
  if (!story) return { role: '', want: '', benefit: '', submittedBy: '', impact: 5, confidence: 5, ease: 5 };
  return {
    ...parseDescription(story.description),
    submittedBy: story.submittedBy ?? '',
    impact: story.impact,
    confidence: story.confidence,
    ease: story.ease,
  };
}

function validationError(description: string) {
  notify({ type: 'error', title: msg('Validation Error'), description });
}

interface StoryFormProps {
  /** The story being edited, or null for a new one. */
  story: UserStory | null;
  /** Cancelled, or sent (`saved`): the board closes the form, and reads the list again when saved. */
  onDone: (saved: boolean) => void;
  /** Changes when the board changed (SimilarStories reads again). */
  boardVersion: number;
}

/**
 * The seed's story form: "As a...", "I want to...", "So that...", the optional name, the three
 * scores, the sentence it makes once its three parts are filled, and the ICE score. A missing part
 * is marked and said in the "Validation Error" toast, and nothing is sent.
 */
export function StoryForm({ story, onDone, boardVersion }: StoryFormProps) {
  const { t } = useT();
  const editing = story !== null;
  const [values, setValues] = useState(() => initialValues(story));
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const set = <K extends keyof StoryFormValues>(name: K, value: StoryFormValues[K]) => setValues((shown) => ({ ...shown, [name]: value }));
  // Marked once a submit found them missing, and unmarked as they are filled (react-hook-form's way).
  const missing = { role: !values.role, want: !values.want.trim(), benefit: !values.benefit.trim() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (missing.role || missing.want || missing.benefit) return validationError(REQUIRED);
    const built = {
      title: buildTitle(values),
      description: buildDescription(values),
      submittedBy: values.submittedBy.trim() || null,
      impact: values.impact,
      confidence: values.confidence,
      ease: values.ease,
    };
    const tooLong = storyTooLong(built);
    if (tooLong) return validationError(tooLong);
    setPending(true);
    const saved = story ? await updateStory(story.id, built) : await submitStory(built);
    setPending(false);
    if (saved) onDone(true);
  };

  const partsFilled = !missing.role && !missing.want && !missing.benefit;
  return (
    <Card.Root as="section" aria-labelledby="story-form-title" variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg" id="story-form-title" ref={heading}>
          {editing ? t('Edit User Story') : t('Submit User Story')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="5">
            {/* Invalid fields are marked; what is missing is said once, in the toast. */}
            <FormField label={t('As a...')} invalid={checked && missing.role} requiredIndicator={false}>
              <Select
                name="role"
                value={values.role}
                onChange={(event) => set('role', event.currentTarget.value)}
                placeholder={t('Select a role')}
                options={STORY_ROLES.map((role) => ({ value: role, label: role }))}
              />
            </FormField>

            <FormField label={t('I want to...')} invalid={checked && missing.want} requiredIndicator={false}>
              <Input
                name="want"
                value={values.want}
                onInput={(event) => set('want', event.currentTarget.value)}
                placeholder={t('e.g. see which topics confused my class')}
                autoComplete="off"
              />
            </FormField>
            <SimilarStories want={values.want} excludeId={story?.id} boardVersion={boardVersion} />

            <FormField label={t('So that...')} invalid={checked && missing.benefit} requiredIndicator={false}>
              <Input
                name="benefit"
                value={values.benefit}
                onInput={(event) => set('benefit', event.currentTarget.value)}
                placeholder={t('e.g. I can plan a review session')}
                autoComplete="off"
              />
            </FormField>

            <FormField label={t('Your Name (Optional)')} required={false}>
              <Input
                name="submittedBy"
                value={values.submittedBy}
                onInput={(event) => set('submittedBy', event.currentTarget.value)}
                placeholder={t('Leave blank to remain anonymous')}
                autoComplete="name"
              />
            </FormField>

            <Stack gap="4">
              {SLIDERS.map(({ name, label }) => (
                <ScoreSlider key={name} label={t(label)} value={values[name]} onChange={(value) => set(name, value)} />
              ))}
            </Stack>

            {partsFilled && (
              <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.muted" data-testid="story-preview">
                <Text fontWeight="medium" fontSize="sm" color="fg.muted">
                  {t('Preview')}
                </Text>
                <Text>{buildDescription(values)}</Text>
              </Box>
            )}

            <Text fontWeight="semibold" aria-live="polite" data-testid="ice-preview">
              {t('ICE Score: {{score}}', { score: iceScore(values) })}
            </Text>

            <Flex gap="3" justify="flex-end" wrap="wrap">
              <Button type="button" variant="outline" onClick={() => onDone(false)} disabled={pending}>
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
