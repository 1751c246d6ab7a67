import { createContext, useContext, useEffect, useRef } from 'react';
import { cx } from 'styled-system/css';
import { nativeSelect } from 'styled-system/recipes';
import { LANGUAGES, type Language, isLanguage } from '../../i18n/languages';
import { msg } from '../../i18n/msg';
import { THEME_CHOICES, type ThemeChoice, chooseTheme, useThemeChoice } from '../../shared/colorMode';
import { chooseStudentLanguage } from '../runtime/language';
import { useMounted } from '../runtime/useMounted';
import { useT } from '../runtime/useT';
import { ChevronDownIcon } from '../ui/icons';

const THEME_NAMES = { system: msg('System theme'), light: msg('Light'), dark: msg('Dark') } as const satisfies Record<ThemeChoice, string>;

/** What choosing a language does: a student page swaps its markup (runtime/language.ts); the professor app gives its own. */
export const LanguageChoiceContext = createContext<(language: Language, chosenWith?: HTMLElement) => void>(
  (language, chosenWith) => void chooseStudentLanguage(language, chosenWith),
);

function SmallSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string, select: HTMLSelectElement) => void;
  children: React.ReactNode;
}) {
  const styles = nativeSelect({ size: 'sm' });
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    // Chosen in the page's HTML before the island ran: hydration leaves the select as the student
    // set it, and the choice is made now (as a course code typed early is kept by its search box).
    if (select.current && select.current.value !== value) onChange(select.current.value, select.current);
    // Once, as the island starts: afterwards each change is the select's own event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={cx(styles.root)} style={{ width: 'auto' }}>
      <select
        ref={select}
        // A browser that brought back a page's form state would bring back an old choice.
        autoComplete="off"
        aria-label={label}
        className={styles.field}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value, event.currentTarget)}
      >
        {children}
      </select>
      <div className={styles.indicator}>
        <ChevronDownIcon />
      </div>
    </div>
  );
}

/** Language names stay in their own language, so a visitor can find theirs whatever is shown. */
export function LanguageSelect() {
  const { t, language } = useT();
  const choose = useContext(LanguageChoiceContext);
  return (
    <SmallSelect
      label={t('Language')}
      value={language}
      onChange={(chosen, select) => {
        if (isLanguage(chosen)) choose(chosen, select);
      }}
    >
      {LANGUAGES.map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </SmallSelect>
  );
}

export function ThemeSelect() {
  const { t } = useT();
  const choice = useThemeChoice();
  // The HTML knows no stored choice: the select says "System theme" until the browser's first render has matched it.
  const value = useMounted() ? choice : 'system';
  return (
    <SmallSelect label={t('Theme')} value={value} onChange={(chosen) => chooseTheme(chosen as ThemeChoice)}>
      {THEME_CHOICES.map((option) => (
        <option key={option} value={option}>
          {t(THEME_NAMES[option])}
        </option>
      ))}
    </SmallSelect>
  );
}
