import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminPage } from '../../../kit/admin-page.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { AppSettingsPage } from './app-settings-page.tsx';
import { CrisisSettingsCard } from './crisis-settings-card.tsx';

/** /app: the app config (docs/product-rules.md#admin-back-office) and the crisis protocol's settings. */
export function AppSection() {
  return (
    <Routes>
      <Route
        index
        element={
          // The crisis protocol's card saves on its own, below the app config form (docs/safety.md).
          <AdminPage>
            <AppSettingsPage />
            <CrisisSettingsCard />
            <HistoryCard entity="app" entityId="app" />
          </AdminPage>
        }
      />
      <Route path="*" element={<Navigate to="/app" replace />} />
    </Routes>
  );
}
