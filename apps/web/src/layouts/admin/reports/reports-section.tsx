import { Navigate, Route, Routes } from 'react-router-dom';
import { ReportDetailPage } from './report-detail-page.tsx';
import { ReportListPage } from './report-list-page.tsx';

/** /reports (the queue) and /reports/{reportId} (one report): docs/admin-backoffice.md. */
export function ReportsSection() {
  return (
    <Routes>
      <Route index element={<ReportListPage />} />
      <Route path=":reportId" element={<ReportDetailPage />} />
      <Route path="*" element={<Navigate to="/reports" replace />} />
    </Routes>
  );
}
