import { Navigate, Route, Routes } from 'react-router-dom';
import { StatusPage } from './status-page.tsx';

/** /status: the health of every model in use (docs/product-rules.md#admin-back-office). */
export function StatusSection() {
  return (
    <Routes>
      <Route index element={<StatusPage />} />
      <Route path="*" element={<Navigate to="/status" replace />} />
    </Routes>
  );
}
