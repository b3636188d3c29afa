import type { Me } from '@doppel/validation';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { CurrentSectionContext } from '../../kit/current-section.ts';
import { NavSection } from '../../kit/nav-section.tsx';
import { RecordPage } from '../../kit/record-page.tsx';
import { PageSkeleton } from '../../shell/dashboard-skeleton.tsx';
import { PageShellHandoff } from '../../shell/page-shell.ts';
import { AdminNav } from './admin-nav.tsx';
import { adminSections } from './sections.tsx';

const desktopQuery = '(min-width: 48em)';

/** The admin back-office (docs/product-rules.md#admin-back-office): a 150px side menu, a top bar with a toggle on small screens. */
export function AdminLayout({ me }: { me: Me }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const isDesktop = useMediaQuery(desktopQuery, window.matchMedia(desktopQuery).matches, { getInitialValueInEffect: false });
  const { pathname } = useLocation();

  // Picking a page on a phone closes the drawer.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 56, collapsed: isDesktop }}
      navbar={{ width: 150, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle admin menu" />
          <BrandLink to="/status" compact />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Admin menu">
        {isDesktop && (
          <AppShell.Section px={6} pt={4} pb="sm">
            <BrandLink to="/status" compact />
          </AppShell.Section>
        )}
        {/* On a phone the menu is built when it opens, not with the first page. */}
        {(isDesktop || opened) && (
          <NavSection>
            <AdminNav me={me} />
          </NavSection>
        )}
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Routes>
          <Route index element={<Navigate to="/status" replace />} />
          {adminSections.map((section) => (
            <Route
              key={section.path}
              path={`${section.path.slice(1)}/*`}
              element={
                <CurrentSectionContext.Provider value={section}>
                  <Suspense fallback={<PageSkeleton />}>
                    <PageShellHandoff />
                    <section.element />
                  </Suspense>
                </CurrentSectionContext.Provider>
              }
            />
          ))}
          <Route path="records/:table/:id" element={<RecordPage />} />
          <Route path="*" element={<Navigate to="/status" replace />} />
        </Routes>
      </AppShell.Main>
    </AppShell>
  );
}
