import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BoardTabs } from './BoardTabs';

function Views() {
  const [value, setValue] = useState<'list' | 'kanban'>('list');
  return (
    <BoardTabs
      id="views"
      value={value}
      onChange={setValue}
      tabs={[
        { value: 'list', label: 'List', panel: () => <p>the list</p> },
        { value: 'kanban', label: 'Kanban', panel: () => <p>the columns</p> },
      ]}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('BoardTabs', () => {
  it('starts on the first tab, its panel named by it, the other panel hidden and empty', () => {
    render(<Views />);
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
    expect(tab('List')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Kanban')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'List' })).toHaveTextContent('the list');
    expect(screen.queryByText('the columns')).toBeNull();
    expect(tab('List')).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
  });

  it('keeps only the selected tab in the Tab order; the arrows (looping), Home and End select and focus', async () => {
    const user = userEvent.setup();
    render(<Views />);
    await user.tab();
    expect(tab('List')).toHaveFocus();
    expect(tab('Kanban')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowRight}');
    expect(tab('Kanban')).toHaveFocus();
    expect(tab('Kanban')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Kanban' })).toHaveTextContent('the columns');
    await user.keyboard('{ArrowRight}');
    expect(tab('List')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Kanban')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('List')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Kanban')).toHaveFocus();
    // The panel comes next in the Tab order; the other one is hidden.
    expect(screen.getByRole('tabpanel', { name: 'Kanban' })).toHaveAttribute('tabindex', '0');
    expect(document.getElementById('views-panel-list')).toHaveAttribute('hidden');
  });

  it('selects a tab that is clicked', async () => {
    render(<Views />);
    await userEvent.click(tab('Kanban'));
    expect(tab('Kanban')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('the columns')).toBeInTheDocument();
  });
});
