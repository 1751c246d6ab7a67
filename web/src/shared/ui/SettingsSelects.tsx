import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../../i18n/i18n';
import { LANGUAGES, isLanguage } from '../../i18n/languages';
import { msg } from '../../i18n/msg';
import { LIGHT } from '../lightPage';
import { rememberLanguage } from '../api/remember-language';
import { THEME_CHOICES, type ThemeChoice, chooseTheme, useThemeChoice } from '../colorMode';

const THEME_NAMES = { system: msg('System theme'), light: msg('Light'), dark: msg('Dark') } as const satisfies Record<ThemeChoice, string>;

/** Language names stay in their own language, so a visitor can find theirs whatever is shown. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('Language')}
        {...{ [LIGHT.setting]: 'language' }}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLanguage(chosen)) void chooseLanguage(chosen).then(() => rememberLanguage(chosen));
        }}
      >
        {LANGUAGES.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function ThemeSelect() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('Theme')}
        {...{ [LIGHT.setting]: 'theme' }}
        value={choice}
        onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}
      >
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {t(THEME_NAMES[value])}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
