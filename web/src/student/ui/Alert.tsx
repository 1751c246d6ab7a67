import { type ComponentProps, createContext, useContext } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { alert } from 'styled-system/recipes';
import { STATUS_ICONS, type Status } from './icons';

const { withProvider, withContext } = createStyleContext(alert);

const StatusContext = createContext<Status>('info');

const Root = withProvider('div', 'root');
const IndicatorBox = withContext('span', 'indicator');

/** Chakra's Alert: `status` picks its colours and its indicator's icon. */
export const Alert = {
  Root: ({ status = 'info', ...props }: ComponentProps<typeof Root> & { status?: Status }) => (
    <StatusContext.Provider value={status}>
      <Root status={status} data-status={status} {...props} />
    </StatusContext.Provider>
  ),
  Indicator: (props: ComponentProps<typeof IndicatorBox>) => {
    const Icon = STATUS_ICONS[useContext(StatusContext)];
    return (
      <IndicatorBox {...props}>
        <Icon />
      </IndicatorBox>
    );
  },
  Content: withContext('div', 'content'),
  Title: withContext('div', 'title'),
  Description: withContext('div', 'description'),
};
