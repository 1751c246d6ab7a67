import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { tabs as tabsRecipe } from 'styled-system/recipes';

export interface Tab<V extends string> {
  value: V;
  label: string;
  /** Drawn only while its tab is selected. */
  panel: () => ReactNode;
}

interface BoardTabsProps<V extends string> {
  /** Unique on the page: the tabs' and panels' ids start with it. */
  id: string;
  tabs: Tab<V>[];
  value: V;
  onChange: (value: V) => void;
}

/**
 * Chakra's Tabs ("line"), the ARIA tabs pattern as Chakra's (Zag) has it: one tab in the Tab order
 * (the selected one), the arrow keys (looping), Home and End moving to a tab and selecting it.
 */
export function BoardTabs<V extends string>({ id, tabs, value, onChange }: BoardTabsProps<V>) {
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const styles = tabsRecipe({ variant: 'line' });
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onChange(tabs[target]!.value);
    triggers.current[target]?.focus();
  };

  return (
    <div className={styles.root} data-orientation="horizontal">
      <div role="tablist" aria-orientation="horizontal" className={styles.list} data-orientation="horizontal" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            ref={(element) => {
              triggers.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.value}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${tab.value}`}
            tabIndex={index === selected ? 0 : -1}
            data-selected={index === selected ? '' : undefined}
            data-orientation="horizontal"
            className={styles.trigger}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={`${id}-panel-${tab.value}`}
          aria-labelledby={`${id}-tab-${tab.value}`}
          tabIndex={0}
          hidden={index !== selected}
          data-orientation="horizontal"
          className={styles.content}
        >
          {index === selected && tab.panel()}
        </div>
      ))}
    </div>
  );
}
