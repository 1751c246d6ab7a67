import { msg } from '../../../i18n/msg';
import { useT } from '../../runtime/useT';
import { AppLink } from '../../ui/AppLink';
import { Link, Text } from '../../ui/primitives';
import { withNodes } from '../../ui/states';
import { Bullets, Code, TextPage, TextSection } from '../../ui/TextPage';

const TESTING = [
  {
    text: msg('axe-core checks every screen of every end-to-end test, and a serious or critical violation fails the test ({{file}}).'),
    file: 'web/e2e/a11y.ts',
  },
  { text: msg('A keyboard-only walk goes through the app without a mouse ({{file}}).'), file: 'web/e2e/keyboard-walk.spec.ts' },
];

const ALSO_TESTED = [
  msg(
    'The end-to-end tests run on a desktop 1280 px wide and on a phone 375 px wide. Every screen is meant to work from 320 px wide without scrolling sideways; the tests check it for this page and the privacy page.',
  ),
  msg('Every student and professor page is also walked in the dark theme, with the same axe-core checks, colour contrast included.'),
  msg('Every input has a label, and every data view has loading, empty and error states.'),
  msg('English and Spanish: every text is translated, and each page says which language it is in.'),
];

const EXCEPTIONS = [
  msg(
    "The bar charts of the dashboard's Session Insights show their exact counts in a tooltip on mouse hover only. Screen readers read the same counts from each chart's text description, but a sighted keyboard user sees only the bars.",
  ),
  msg(
    'The live view refreshes its figures about once a second without announcing each change to screen readers; only the confusion alarm is announced.',
  ),
  msg('ClassPulse has not had an audit by an outside accessibility expert, and automatic checks find only part of the problems.'),
];

/** /accessibility: the conformance target, how it is tested, what is known not to meet it, and where to say so. */
export default function AccessibilityPage() {
  const { t } = useT();
  return (
    <TextPage
      heading={t('Accessibility')}
      lead={t(
        'ClassPulse aims to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, for students and professors alike.',
      )}
    >
      <TextSection id="testing" title={t('How it is tested')}>
        <Bullets
          items={[
            ...TESTING.map(({ text, file }) => withNodes(t(text), { file: <Code key={file}>{file}</Code> })),
            ...ALSO_TESTED.map((text) => t(text)),
          ]}
        />
      </TextSection>

      <TextSection id="known-exceptions" title={t('Known exceptions')}>
        <Bullets items={EXCEPTIONS.map((text) => t(text))} />
      </TextSection>

      <TextSection id="report" title={t('Report a problem')}>
        <Text>
          {withNodes(
            t(
              'If something in ClassPulse is hard or impossible to use for you, tell us on the public {{board}}: describe what you tried to do, on which page, and with which device or assistive technology. You need no account, and you may leave your name out.',
            ),
            {
              board: (
                <Link key="board" as={AppLink} href="/user-stories" textDecoration="underline">
                  {t('user stories board')}
                </Link>
              ),
            },
          )}
        </Text>
        <Text>{t('Students may also tell their professor, who can pass it on to whoever runs ClassPulse at their school.')}</Text>
      </TextSection>
    </TextPage>
  );
}
