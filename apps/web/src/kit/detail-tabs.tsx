import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

export type DetailTab = { value: string; label: string; icon?: ReactNode; panel: ReactNode };

/**
 * A detail screen's tabs, the open one in the address (?tab=…) so a reload or a shared link opens
 * the same tab. Only the open tab's panel is mounted, so a tab loads its data when opened.
 */
export function DetailTabs({ tabs, label }: { tabs: DetailTab[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value ?? '';
  const requested = params.get('tab');
  const active = tabs.some((tab) => tab.value === requested) ? (requested as string) : first;
  const select = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (!value || value === first) next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };
  return (
    <Tabs value={active} onChange={select} keepMounted={false} variant="outline" aria-label={label}>
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
