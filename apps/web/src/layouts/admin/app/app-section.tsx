import { Navigate, Route, Routes } from 'react-router-dom';
import { AppSettingsPage } from './app-settings-page.tsx';

/** /app: the app config (spec 2.5). */
export function AppSection() {
  return (
    <Routes>
      <Route index element={<AppSettingsPage />} />
      <Route path="*" element={<Navigate to="/app" replace />} />
    </Routes>
  );
}
